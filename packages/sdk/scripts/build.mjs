#!/usr/bin/env node
// Builds dist/: ES2020 modules and their declarations, compiled by TypeScript from src/ (tests left out).
//
// src/types.ts infers the runtime's types from @liveops/domain's zod schemas (`import type`, z.infer). Its
// declaration file would import zod and @liveops/domain, which the published package does not carry, so it is
// replaced by the same types written out in full, as the type checker sees them; a type the file names is
// written by its name wherever another contains it. The build then checks that:
//   - every import in dist/ is relative (no zod, no @liveops/domain, no Node built-in);
//   - the declarations compile on their own, with no types from anywhere else;
//   - each written-out type is exactly the inferred one (both ways assignable).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');
const typesFile = join(src, 'types.ts');

function fail(message, diagnostics = []) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  if (diagnostics.length) console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  console.error(`@liveops/sdk build: ${message}`);
  process.exit(1);
}

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail('tsconfig.json could not be read', [diagnostic]),
  },
);
const options = {
  ...config.options,
  composite: false,
  incremental: false,
  tsBuildInfoFile: undefined,
  noEmit: false,
  emitDeclarationOnly: false,
  declaration: true,
  declarationMap: false,
  sourceMap: false,
  module: ts.ModuleKind.ES2020,
  target: ts.ScriptTarget.ES2020,
  rootDir: src,
  outDir: dist,
};
const sources = readdirSync(src, { recursive: true })
  .map((file) => join(src, String(file)))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes(`${join(src, 'test')}/`));

const program = ts.createProgram(sources, options);
const ownDiagnostics = [
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...sources.flatMap((file) => {
    const sourceFile = program.getSourceFile(file);
    return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
  }),
];
if (ownDiagnostics.length) fail('src/ does not compile', ownDiagnostics);

const typesDeclaration = await writtenOutTypes(program);

rmSync(dist, { recursive: true, force: true });
const emitted = program.emit(undefined, (fileName, text, writeByteOrderMark) => {
  const isTypes = resolve(fileName) === join(dist, 'types.d.ts');
  ts.sys.writeFile(fileName, isTypes ? typesDeclaration : text, writeByteOrderMark);
});
if (emitted.emitSkipped || emitted.diagnostics.length) fail('emitting dist/ failed', emitted.diagnostics);

checkImportsAreRelative();
checkDeclarationsStandAlone();
checkTypesMatch(program);
console.log(`@liveops/sdk: built ${relative(process.cwd(), dist) || 'dist'}/`);

/** dist/types.d.ts: each type alias of src/types.ts, with its doc comment, written out in full. */
async function writtenOutTypes(program) {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(typesFile);
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.InTypeAlias |
    ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const aliases = file.statements.filter(ts.isTypeAliasDeclaration).map((declaration) => ({
    name: declaration.name.text,
    doc: ts
      .getJSDocCommentsAndTags(declaration)
      .map((node) => node.getFullText().trim())
      .join('\n'),
    text: checker.typeToString(checker.getTypeAtLocation(declaration.name), undefined, flags),
  }));
  for (const alias of aliases) {
    if (/\b(z|zod|core)\./.test(alias.text) || /\$Infer|\$strip|import\(/.test(alias.text)) {
      fail(`the type ${alias.name} did not write out in full: ${alias.text}`);
    }
  }
  // Longest first, so a type inside another named type (a Pack inside a DailyRewardState) is named with it.
  const byLength = [...aliases].sort((a, b) => b.text.length - a.text.length);
  const named = aliases.map((alias) => {
    let text = alias.text;
    for (const other of byLength) {
      if (other.text !== alias.text && other.text.startsWith('{')) text = text.split(other.text).join(other.name);
    }
    return `${alias.doc ? `${alias.doc}\n` : ''}export type ${alias.name} = ${text};`;
  });
  const header =
    "// The player runtime's types, written out from the zod schemas of @liveops/domain (runtime-api.ts) by scripts/build.mjs.\n";
  const declaration = `${header}${named.join('\n')}\n`;
  try {
    const prettier = await import('prettier');
    return await prettier.format(declaration, { parser: 'typescript', singleQuote: true, printWidth: 120 });
  } catch {
    return declaration;
  }
}

function distFiles() {
  return readdirSync(dist).map((file) => join(dist, file));
}

function checkImportsAreRelative() {
  for (const file of distFiles()) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const outside = [...info.importedFiles, ...info.referencedFiles, ...info.typeReferenceDirectives]
      .map((ref) => ref.fileName)
      .filter((name) => !name.startsWith('./'));
    if (outside.length) fail(`${relative(root, file)} imports ${outside.join(', ')}: dist/ must stand alone`);
  }
}

function checkDeclarationsStandAlone() {
  const declarations = distFiles().filter((file) => file.endsWith('.d.ts'));
  const alone = ts.createProgram(declarations, {
    noEmit: true,
    strict: true,
    types: [],
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ES2020,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noResolve: true,
  });
  const diagnostics = ts.getPreEmitDiagnostics(alone);
  if (diagnostics.length) fail('the declarations in dist/ do not compile on their own', diagnostics);
}

function checkTypesMatch(program) {
  const names = program
    .getSourceFile(typesFile)
    .statements.filter(ts.isTypeAliasDeclaration)
    .map((declaration) => declaration.name.text);
  const checkFile = join(root, 'types-match.check.ts');
  const checkText = [
    `import type * as Inferred from './src/types.js';`,
    `import type * as Written from './dist/types.js';`,
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    ...names.map((name) => `export const ${name}: Same<Inferred.${name}, Written.${name}> = true;`),
  ].join('\n');
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    resolve(fileName) === checkFile
      ? ts.createSourceFile(fileName, checkText, languageVersion)
      : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => resolve(fileName) === checkFile || fileExists(fileName);
  const check = ts.createProgram([checkFile], { ...options, noEmit: true, rootDir: root }, host);
  const diagnostics = [
    ...check.getSyntacticDiagnostics(check.getSourceFile(checkFile)),
    ...check.getSemanticDiagnostics(check.getSourceFile(checkFile)),
  ];
  if (diagnostics.length) fail('dist/types.d.ts differs from the types inferred from the schemas', diagnostics);
}
