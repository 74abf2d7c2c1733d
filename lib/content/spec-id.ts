// The requirements catalogue's id format, kept free of zod so the lesson compiler's plugins (which
// client code reaches for a constant) can check `<SpecRef id>` without pulling zod in.

const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
/** `area/short-name`: lower-case hyphenated segments joined by `/`, at least two. */
export const SPEC_ID = new RegExp(`^${WORD}(?:/${WORD})+$`);
