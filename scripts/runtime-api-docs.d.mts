/** The types of scripts/runtime-api-docs.mjs, for its test (apps/server/test/runtime-api-docs.test.ts). */

/** Where the reference is written: docs/runtime-api.md. */
export const RUNTIME_API_DOCS_PATH: string;
/** The anchor GitHub gives a heading. */
export function headingAnchor(heading: string): string;
/** Text as the reference writes it in a table cell or paragraph (`<`, `>` and `|` escaped). */
export function markdownText(value: unknown): string;
/** The whole reference (markdown) rendered from an OpenAPI 3.1 document. */
export function renderRuntimeApiDocs(document: unknown): string;
/** The document the app serves at GET /v1/openapi.json, from the app created in-process on a temporary PGlite. */
export function servedRuntimeOpenApi(): Promise<unknown>;
