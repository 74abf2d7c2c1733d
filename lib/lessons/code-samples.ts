import path from "node:path";
import ts from "typescript";

// Lesson code that must compile: a fence written ```ts check (or ```typescript check) in a lesson
// is extracted and type-checked against the project's node_modules, strict, each block a module of
// its own. Node only (the TypeScript compiler); the unit test runs it over content/checklist.

export interface CodeSample {
  /** The lesson file, relative to the project. */
  file: string;
  /** 1-based line of the block's first code line in the lesson. */
  line: number;
  code: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/;

/**
 * The ```ts check blocks of one lesson's source, in order. A fence closes at a line of the same
 * character at least as long; blocks without `check` are skipped.
 */
export function extractCheckedSamples(source: string, file: string): CodeSample[] {
  const lines = source.split(/\r?\n/);
  const out: CodeSample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, , fence, lang, meta] = open;
    const close = new RegExp(`^ {0,3}${fence![0] === "`" ? "`" : "~"}{${fence!.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end]!)) end++;
    if ((lang === "ts" || lang === "typescript") && meta!.trim().split(/\s+/).includes("check")) {
      out.push({ file, line: i + 2, code: lines.slice(i + 1, end).join("\n") });
    }
    i = end;
  }
  return out;
}

/** The options every sample is checked with: strict, modern modules, DOM and Node types. */
const SAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  skipLibCheck: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  noUnusedLocals: false,
  allowUnreachableCode: false,
};

/**
 * Type-checks every sample as its own module, resolved from `root` (so imports find the project's
 * node_modules). Returns one message per error: `<lesson file>: line <n>: TS<code>: <message>`,
 * the line being the lesson's.
 */
export function typeCheckSamples(samples: readonly CodeSample[], root = process.cwd()): string[] {
  if (samples.length === 0) return [];
  const dir = path.join(root, ".code-samples");
  const virtual = new Map<string, CodeSample>();
  samples.forEach((s, i) => {
    const name = `${path.basename(s.file).replace(/\W+/g, "-")}-${s.line}-${i}.ts`;
    virtual.set(path.join(dir, name), s);
  });
  const host = ts.createCompilerHost(SAMPLE_COMPILER_OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const s = virtual.get(path.resolve(name));
    return s
      ? ts.createSourceFile(name, s.code, languageVersion, true, ts.ScriptKind.TS)
      : getSourceFile(name, languageVersion, onError, shouldCreate);
  };
  host.fileExists = (name) => virtual.has(path.resolve(name)) || fileExists(name);
  host.readFile = (name) => virtual.get(path.resolve(name))?.code ?? readFile(name);
  host.getCurrentDirectory = () => root;
  const program = ts.createProgram([...virtual.keys()], SAMPLE_COMPILER_OPTIONS, host);
  const messages: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const sample = diagnostic.file && virtual.get(path.resolve(diagnostic.file.fileName));
    if (!sample || diagnostic.start === undefined) {
      messages.push(`(compiler): TS${diagnostic.code}: ${text}`);
      continue;
    }
    const { line, character } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    messages.push(
      `${sample.file}: line ${sample.line + line}:${character + 1}: TS${diagnostic.code}: ${text}`,
    );
  }
  return messages;
}
