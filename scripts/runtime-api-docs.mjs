#!/usr/bin/env node
// Writes docs/runtime-api.md, the player runtime's reference, from the OpenAPI document the server serves at
// GET /v1/openapi.json (generated from the zod schemas its routes validate with: decision 034). It creates the app
// in-process on a PGlite in a temporary directory, asks it for the document, and renders that as markdown; nothing
// of the reference is written by hand.
//   npm run docs:runtime-api              writes docs/runtime-api.md
//   npm run docs:runtime-api -- --check   fails (exit 1) when docs/runtime-api.md is not what it would write
// It runs under tsx (the app's sources are TypeScript). apps/server/test/runtime-api-docs.test.ts renders the
// document a test server serves and fails when docs/runtime-api.md differs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RUNTIME_API_DOCS_PATH = fileURLToPath(new URL('../docs/runtime-api.md', import.meta.url));

const GUIDE = 'game-integration.md#7-the-player-runtime';

/** The anchor GitHub gives a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
export function headingAnchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Text for a markdown table cell or paragraph: `<` and `>` outside code spans escaped (a description's
 * "<token>" is not HTML), `|` escaped everywhere (it would end a table cell), line breaks as spaces.
 */
export function markdownText(value) {
  return String(value ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .split('`')
    .map((part, index) => (index % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')).replace(/\|/g, '\\|'))
    .join('`');
}

const code = (value) => `\`${String(value).replace(/\|/g, '\\|')}\``;
const refName = (ref) => ref.slice(ref.lastIndexOf('/') + 1);
const schemaLink = (ref) => `[${refName(ref)}](#${headingAnchor(refName(ref))})`;
const isObject = (schema) => [schema?.type].flat().includes('object') && schema.properties !== undefined;
const sentence = (value) => (/[.!?:]$/.test(value) ? value : `${value}.`);
/** A limit as people read it: 1000000000 as 1,000,000,000. */
const number = (value) =>
  typeof value === 'number' && Math.abs(value) >= 10_000 ? value.toLocaleString('en-US') : value;

/** A schema's type in words: named schemas linked, enums listed, arrays and nulls said. */
function typeOf(schema) {
  if (!schema) return 'any';
  if (schema.$ref) return schemaLink(schema.$ref);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (schema.enum) return schema.enum.map((value) => code(JSON.stringify(value))).join(' or ');
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  const types = [schema.type ?? 'any'].flat();
  return types
    .map((type) => {
      if (type === 'array') return `array of ${isObject(schema.items) ? 'objects' : typeOf(schema.items)}`;
      return type;
    })
    .join(' or ');
}

/** What a schema allows beyond its type: lengths, ranges, patterns, item counts, an example. */
function constraintsOf(schema) {
  const found = [];
  const range = (min, max, unit) => {
    if (min !== undefined && max !== undefined) found.push(min === max ? `${min}${unit}` : `${min}–${max}${unit}`);
    else if (min !== undefined) found.push(`at least ${min}${unit}`);
    else if (max !== undefined) found.push(`at most ${max}${unit}`);
  };
  range(number(schema.minLength), number(schema.maxLength), ' characters');
  range(number(schema.minimum), number(schema.maximum), '');
  range(number(schema.minItems), number(schema.maxItems), ' items');
  if (schema.pattern) found.push(`matches ${code(schema.pattern)}`);
  if (schema.format) found.push(`format ${code(schema.format)}`);
  if (schema.default !== undefined) found.push(`default ${code(JSON.stringify(schema.default))}`);
  if (schema.example !== undefined) found.push(`example ${code(JSON.stringify(schema.example))}`);
  return found;
}

function describe(schema) {
  const parts = [];
  if (schema.description) parts.push(sentence(markdownText(schema.description)));
  const constraints = constraintsOf(schema);
  if (constraints.length) parts.push(`${constraints.join('; ').replace(/^./, (first) => first.toUpperCase())}.`);
  return parts.join(' ');
}

/** An object's fields as rows, nested objects (and arrays of objects) flattened into `a.b` and `a[].b`. */
function fieldRows(schema, prefix = '') {
  const required = new Set(schema.required ?? []);
  const rows = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const key = `${prefix}${name}`;
    rows.push(`| ${code(key)} | ${typeOf(field)} | ${required.has(name) ? 'yes' : 'no'} | ${describe(field)} |`);
    if (isObject(field)) rows.push(...fieldRows(field, `${key}.`));
    else if (field.type === 'array' && isObject(field.items)) rows.push(...fieldRows(field.items, `${key}[].`));
  }
  return rows;
}

/** The markdown of one schema: its fields, each variant of a union, or its type. */
function schemaBody(schema) {
  const lines = [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    lines.push(`One of ${variants.length}:`, '');
    variants.forEach((variant, index) => {
      const label =
        Object.entries(variant.properties ?? {})
          .filter(([, field]) => field.enum?.length === 1)
          .map(([name, field]) => `${code(name)} is ${code(JSON.stringify(field.enum[0]))}`)
          .join(', ') || `variant ${index + 1}`;
      lines.push(`- ${label}${isObject(variant) ? ':' : `: ${typeOf(variant)}`}`);
      if (isObject(variant)) lines.push('', ...fieldTable(variant).map((row) => `  ${row}`), '');
    });
    if (lines.at(-1) !== '') lines.push('');
    return lines;
  }
  if (isObject(schema)) {
    lines.push(...fieldTable(schema), '');
    if (schema.additionalProperties === false) lines.push('No other fields are accepted.', '');
    return lines;
  }
  lines.push(`${typeOf(schema)}${constraintsOf(schema).length ? ` (${constraintsOf(schema).join('; ')})` : ''}.`, '');
  return lines;
}

const fieldTable = (schema) => [
  '| Field | Type | Required | Description |',
  '| --- | --- | --- | --- |',
  ...fieldRows(schema),
];

/** How an operation authenticates, from its security requirements and the document's schemes. */
function authenticationOf(operation, schemes) {
  const requirements = operation.security ?? [];
  if (requirements.length === 0) return 'none.';
  return `${requirements
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => {
          const scheme = schemes[name];
          if (scheme?.type === 'http' && scheme.scheme === 'bearer') return `${code('Authorization: Bearer <token>')}`;
          if (scheme?.type === 'apiKey') return `${code(scheme.name)} (${scheme.in})`;
          return code(name);
        })
        .join(', '),
    )
    .join(' or ')} ([Authentication](#authentication)).`;
}

function mediaSchemaOf(content) {
  const [type, media] = Object.entries(content ?? {})[0] ?? [];
  return type ? { type, schema: media.schema } : null;
}

/** One operation's section: what it does, how it authenticates, its parameters, body and answers. */
function operationSection(method, route, operation, schemes) {
  const heading = `${method.toUpperCase()} ${route}`;
  const lines = [`### ${heading}`, ''];
  if (operation.summary)
    lines.push(
      `**${sentence(markdownText(operation.summary))}**${operation.description ? ` ${markdownText(operation.description)}` : ''}`,
      '',
    );
  else if (operation.description) lines.push(markdownText(operation.description), '');
  lines.push(`Authentication: ${authenticationOf(operation, schemes)}`, '');

  const parameters = operation.parameters ?? [];
  if (parameters.length) {
    lines.push('| Parameter | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      const schema = parameter.schema ?? {};
      const description = describe({ ...schema, description: parameter.description ?? schema.description });
      lines.push(
        `| ${code(parameter.name)} | ${parameter.in} | ${typeOf(schema)} | ${parameter.required ? 'yes' : 'no'} | ${description} |`,
      );
    }
    lines.push('');
  }

  const body = operation.requestBody ? mediaSchemaOf(operation.requestBody.content) : null;
  if (body) {
    const required = operation.requestBody.required ? 'required' : 'optional';
    if (body.schema?.$ref)
      lines.push(`Request body (${code(body.type)}, ${required}): ${schemaLink(body.schema.$ref)}.`, '');
    else lines.push(`Request body (${code(body.type)}, ${required}):`, '', ...schemaBody(body.schema ?? {}));
  }

  lines.push('| Status | Meaning | Body |', '| --- | --- | --- |');
  const inline = [];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const answer = mediaSchemaOf(response.content);
    let shape = 'none';
    if (answer?.schema?.$ref) shape = schemaLink(answer.schema.$ref);
    else if (answer) {
      shape = `below (${status})`;
      inline.push([status, answer.schema ?? {}]);
    }
    lines.push(`| ${status} | ${markdownText(response.description)} | ${shape} |`);
  }
  lines.push('');
  for (const [status, schema] of inline) lines.push(`The ${status} answer:`, '', ...schemaBody(schema));
  return { heading, lines };
}

/** The whole reference, from the served OpenAPI document. */
export function renderRuntimeApiDocs(document) {
  const base = new URL(document.servers?.[0]?.url ?? 'http://localhost/v1').pathname.replace(/\/+$/, '');
  const schemes = document.components?.securitySchemes ?? {};
  const schemas = document.components?.schemas ?? {};
  const operations = [];
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
      if (item[method]) operations.push(operationSection(method, `${base}${route}`, item[method], schemes));
    }
  }

  const lines = [
    '<!-- Generated by scripts/runtime-api-docs.mjs from GET /v1/openapi.json: do not edit. Regenerate with `npm run docs:runtime-api`. -->',
    '',
    `# ${markdownText(document.info?.title ?? 'Player runtime')} API reference (version ${markdownText(document.info?.version ?? '?')})`,
    '',
    'This page is rendered from the OpenAPI 3.1 document the server serves at `GET /v1/openapi.json`, which is',
    'generated from the same zod schemas the routes validate with; `npm run docs:runtime-api` writes it again, and a',
    `test fails when it is out of date. How to use the runtime (the flow, signing, curl, the SDK, Unity, limits and the`,
    `day rules): [the integration guide](${GUIDE}).`,
    '',
  ];
  if (document.info?.description) lines.push(markdownText(document.info.description), '');
  lines.push(
    `Base URL: ${code(`<PUBLIC_URL>${base}`)}, the dashboard's address followed by ${code(base)} (Game Profile shows it).`,
    'Every answer is JSON; every refusal is `{ code, message }` (see [Error](#error)) with a lower-case `code` to switch on.',
    '',
    '## Operations',
    '',
    ...operations.map(({ heading, lines: section }) => {
      const summary = section.find((line) => line.startsWith('**'))?.match(/^\*\*(.*?)\*\*/)?.[1] ?? '';
      return `- [${code(heading)}](#${headingAnchor(heading)}): ${summary}`;
    }),
    '',
    '## Authentication',
    '',
    '| Scheme | Sent as | Description |',
    '| --- | --- | --- |',
    ...Object.entries(schemes).map(([name, scheme]) => {
      const sent =
        scheme.type === 'http'
          ? `${code(`Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : scheme.scheme} <token>`)}`
          : `${code(scheme.name)} ${scheme.in}`;
      return `| ${code(name)} | ${sent} | ${markdownText(scheme.description)} |`;
    }),
    '',
  );
  for (const { lines: section } of operations) lines.push(...section);
  lines.push('## Schemas', '');
  for (const name of Object.keys(schemas).sort((a, b) => a.localeCompare(b, 'en'))) {
    const schema = schemas[name];
    lines.push(`### ${name}`, '');
    if (schema.description) lines.push(sentence(markdownText(schema.description)), '');
    lines.push(...schemaBody(schema));
  }
  while (lines.at(-1) === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/**
 * The document the app serves at GET /v1/openapi.json, from the app created in-process on a PGlite in a temporary
 * directory (nothing listens; mail goes nowhere). Needs a TypeScript loader (tsx, vitest): the app is its sources.
 */
export async function servedRuntimeOpenApi() {
  const [{ createApp }, { migrateDatabase, openDatabase }, { loadConfig }, { createLogger }, { createMailer }] =
    await Promise.all([
      import('../apps/server/src/app.ts'),
      import('../apps/server/src/db/database.ts'),
      import('../apps/server/src/env.ts'),
      import('../apps/server/src/logging/logger.ts'),
      import('../apps/server/src/email/mailer.ts'),
    ]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'liveops-runtime-api-docs-'));
  try {
    // Only what the document needs: no variable of this shell (DATABASE_URL, S3_…) reaches the app.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const logger = createLogger(config.logLevel);
    const database = await openDatabase(config);
    try {
      await migrateDatabase(database);
      const mailer = createMailer({ smtpUrl: null, from: config.mailFrom }, logger);
      const created = await createApp({ config, database, mailer, logger });
      try {
        const response = await created.app.request('/v1/openapi.json');
        if (response.status !== 200) {
          throw new Error(`GET /v1/openapi.json answered ${response.status}: ${await response.text()}`);
        }
        return await response.json();
      } finally {
        await created.close();
        mailer.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const check = process.argv.includes('--check');
  const rendered = renderRuntimeApiDocs(await servedRuntimeOpenApi());
  const relative = path.relative(process.cwd(), RUNTIME_API_DOCS_PATH);
  if (check) {
    const current = await readFile(RUNTIME_API_DOCS_PATH, 'utf8').catch(() => null);
    if (current !== rendered) {
      console.error(`${relative} is out of date with GET /v1/openapi.json: run npm run docs:runtime-api`);
      process.exit(1);
    }
    console.log(`${relative} is up to date.`);
  } else {
    await writeFile(RUNTIME_API_DOCS_PATH, rendered);
    console.log(`Wrote ${relative} from GET /v1/openapi.json.`);
  }
}
