import { STORAGE_NAME } from "@/lib/store/store";

/**
 * Runs before first paint so a saved light/dark choice never flashes the other theme. It only
 * reads; a corrupt value is left for the store's recovery path to keep aside and report. It also
 * marks <html data-js>: what scripts can open (the header's phone menu) is folded only then.
 */
export const themeScript = `(function(){document.documentElement.dataset.js="";try{var v=localStorage.getItem(${JSON.stringify(
  STORAGE_NAME,
)});var t=v&&JSON.parse(v).state.preferences.theme;if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}})()`;
