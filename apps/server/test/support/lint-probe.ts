import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * The repository's lint rules over a module that is not on disk (a probe at a path chosen by the test). Rules that
 * need type information are left out: the project service types only files on disk (decision 062), and what these
 * tests prove (zones and restricted syntax) needs no types. A probe the parser cannot read fails, rather than
 * passing with no messages.
 */
export async function lintProbe(text: string, filePath: string): Promise<Linter.LintMessage[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
        '@typescript-eslint/no-unnecessary-condition': 'off',
        // The cycle check reads the probe's imports from disk, where the probe is not.
        'import/no-cycle': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(text, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((message) => message.fatal);
  if (fatal.length) throw new Error(`the probe ${filePath} could not be linted: ${fatal[0]?.message}`);
  return messages;
}
