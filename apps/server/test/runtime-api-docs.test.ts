import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  headingAnchor,
  markdownText,
  renderRuntimeApiDocs,
  RUNTIME_API_DOCS_PATH,
} from '../../../scripts/runtime-api-docs.mjs';
import { useTestServers } from './support/use-test-servers';

const servers = useTestServers();

type OpenApi = {
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

/** Every `description` anywhere in the document. */
function descriptionsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) descriptionsOf(entry, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (key === 'description' && typeof entry === 'string') found.push(entry);
      else descriptionsOf(entry, found);
    }
  }
  return found;
}

describe('the runtime API reference, docs/runtime-api.md (decision 034)', () => {
  it('renders every operation, schema and description of the served GET /v1/openapi.json, with links that land', async () => {
    const server = await servers.start();
    const response = await fetch(`${server.url}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApi;
    const rendered = renderRuntimeApiDocs(document);

    const operations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} /v1${route}`),
    );
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const operation of operations) expect(rendered).toContain(`\n### ${operation}\n`);
    for (const name of Object.keys(document.components.schemas)) expect(rendered).toContain(`\n### ${name}\n`);
    for (const description of descriptionsOf(document)) expect(rendered).toContain(markdownText(description));

    const anchors = new Set([...rendered.matchAll(/^#+ (.+)$/gm)].map((match) => headingAnchor(match[1]!)));
    const links = [...rendered.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(operations.length);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });

  it('is up to date: what scripts/runtime-api-docs.mjs renders from the served document', async () => {
    const server = await servers.start();
    const document: unknown = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    const current = await readFile(RUNTIME_API_DOCS_PATH, 'utf8').catch(() => '(missing)');
    expect(current, 'docs/runtime-api.md is out of date with GET /v1/openapi.json: run npm run docs:runtime-api').toBe(
      renderRuntimeApiDocs(document),
    );
  });
});
