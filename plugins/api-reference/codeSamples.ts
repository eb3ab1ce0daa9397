/** Static request samples for one operation, in the languages integrators use with the platform. */
/** The file the samples of an upload send, in every language and in the Cortex examples. */
export const SAMPLE_UPLOAD = 'contoso-crm.svg';

export type SampleRequest = {
  method: string;
  /** Full URL with path parameters filled in. */
  url: string;
  /** JSON body, when the operation takes one. */
  json?: unknown;
  /** Multipart form fields (name → example file name), for uploads. */
  files?: Record<string, string>;
  /**
   * The operation accepts an `Idempotency-Key`: each sample makes a new key (a UUID) in a variable of its
   * own and sends it, so that a second change never reuses the key of the first, and repeating this
   * change means sending the same variable again.
   */
  idempotencyKey?: boolean;
  /** URL-encoded form fields (name → value), for the token operation. */
  form?: Record<string, string>;
  /** The operation needs no access token (the token operation itself). */
  anonymous?: boolean;
};

export type CodeSample = { value: string; label: string; language: string; code: string };

/**
 * The page size of a list's example answer when it is one page of several (a `nextLink`, or fewer
 * entries than `totalCount`): the number of its entries. Example calls ask for that many (`$top`,
 * `-First`), so that they return the page the answer shows; undefined for an answer with every entry.
 */
export function examplePageSize(answer: unknown): number | undefined {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  const { items, totalCount, nextLink } = answer as Record<string, unknown>;
  if (!Array.isArray(items)) return undefined;
  const partial = nextLink !== undefined || (typeof totalCount === 'number' && totalCount > items.length);
  return partial ? items.length : undefined;
}

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => (line ? ' '.repeat(spaces) + line : line))
    .join('\n');

/** A JSON value written as a Python literal. */
export function pythonLiteral(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const close = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, level + 1)},`).join('\n')}\n${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, level + 1)},`).join('\n')}\n${close}}`;
}

function curl({ method, url, json, files, idempotencyKey, form, anonymous }: SampleRequest): string {
  const lines = [`curl -X ${method} '${url}'`];
  if (!anonymous) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  if (idempotencyKey) lines.push(`-H "Idempotency-Key: $IDEMPOTENCY_KEY"`);
  for (const [name, value] of Object.entries(form ?? {}))
    lines.push(`--data-urlencode '${name}=${value.replace(/'/g, `'\\''`)}'`);
  if (json !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d '${JSON.stringify(json, null, 2).replace(/'/g, `'\\''`)}'`);
  }
  for (const [name, file] of Object.entries(files ?? {})) lines.push(`-F '${name}=@${file}'`);
  const call = lines.join(' \\\n  ');
  return idempotencyKey ? `IDEMPOTENCY_KEY=$(uuidgen)\n${call}` : call;
}

function powershell({ method, url, json, files, idempotencyKey, form, anonymous }: SampleRequest): string {
  const verb = method[0] + method.slice(1).toLowerCase();
  const headers = [
    ...(anonymous ? [] : ['Authorization = "Bearer $token"']),
    ...(idempotencyKey ? [`'Idempotency-Key' = $idempotencyKey`] : []),
  ];
  const lines = idempotencyKey ? ['$idempotencyKey = [guid]::NewGuid().ToString()'] : [];
  if (headers.length) lines.push(`$headers = @{ ${headers.join('; ')} }`);
  const call = [
    `Invoke-RestMethod -Method ${verb} -Uri '${url}'${headers.length ? ' -Headers $headers' : ''}`,
  ];
  if (form) {
    const fields = Object.entries(form).map(
      ([name, value]) => `    ${name} = '${value.replace(/'/g, "''")}'`,
    );
    lines.push(`$body = @{\n${fields.join('\n')}\n}`);
    call.push(`-ContentType 'application/x-www-form-urlencoded' -Body $body`);
  }
  if (json !== undefined) {
    lines.push(`$body = @'\n${JSON.stringify(json, null, 2)}\n'@`);
    call.push(`-ContentType 'application/json' -Body $body`);
  }
  if (files) {
    const form = Object.entries(files).map(([name, file]) => `${name} = Get-Item './${file}'`);
    call.push(`-Form @{ ${form.join('; ')} }`);
  }
  return [...lines, call.join(' `\n  ')].join('\n');
}

function python({ method, url, json, files, idempotencyKey, form, anonymous }: SampleRequest): string {
  const headers = [
    ...(anonymous ? [] : ['"Authorization": f"Bearer {token}"']),
    ...(idempotencyKey ? ['"Idempotency-Key": idempotency_key'] : []),
  ];
  const args = [`"${url}"`, ...(headers.length ? [`headers={${headers.join(', ')}}`] : [])];
  if (form) args.push(`data=${pythonLiteral(form, 1)}`);
  if (json !== undefined) args.push(`json=${pythonLiteral(json, 1)}`);
  if (files) {
    const entries = Object.entries(files).map(([name, file]) => `"${name}": open("${file}", "rb")`);
    args.push(`files={${entries.join(', ')}}`);
  }
  args.push('timeout=30');
  return [
    ...(idempotencyKey
      ? ['import uuid', '', 'import requests', '', 'idempotency_key = str(uuid.uuid4())']
      : ['import requests']),
    '',
    `response = requests.${method.toLowerCase()}(`,
    ...args.map((arg) => `    ${arg},`),
    ')',
    'response.raise_for_status()',
    'print(response.json())',
  ].join('\n');
}

function javascript({ method, url, json, files, idempotencyKey, form, anonymous }: SampleRequest): string {
  const headers = anonymous ? [] : ['Authorization: `Bearer ${token}`'];
  if (idempotencyKey) headers.push(`'Idempotency-Key': idempotencyKey`);
  const options = [`method: '${method}'`];
  if (form)
    options.push(`body: new URLSearchParams(${JSON.stringify(form, null, 2).replace(/\n/g, '\n  ')})`);
  const before = idempotencyKey ? ['const idempotencyKey = crypto.randomUUID();'] : [];
  if (json !== undefined) {
    headers.push(`'Content-Type': 'application/json'`);
    options.push(`body: JSON.stringify(${JSON.stringify(json, null, 2).replace(/\n/g, '\n  ')})`);
  }
  if (files) {
    before.push('const form = new FormData();');
    for (const [name, file] of Object.entries(files)) {
      before.push(`form.append('${name}', await fs.openAsBlob('./${file}'), '${file}');`);
    }
    options.push('body: form');
  }
  return [
    ...(files ? ["import fs from 'node:fs';", ''] : []),
    ...before,
    `const response = await fetch('${url}', {`,
    `  ${options[0]},`,
    ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
    ...options.slice(1).map((option) => `  ${option},`),
    '});',
    'if (!response.ok) throw new Error(`HTTP ${response.status}`);',
    'console.log(await response.json());',
  ].join('\n');
}

function csharp({ method, url, json, files, idempotencyKey, form, anonymous }: SampleRequest): string {
  const lines = anonymous
    ? ['using var client = new HttpClient();']
    : [
        'using System.Net.Http.Headers;',
        '',
        'using var client = new HttpClient();',
        'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);',
      ];
  if (idempotencyKey) {
    lines.push('var idempotencyKey = Guid.NewGuid().ToString();');
    lines.push('client.DefaultRequestHeaders.Add("Idempotency-Key", idempotencyKey);');
  }
  const verb = method[0] + method.slice(1).toLowerCase();
  let content = '';
  if (json !== undefined) {
    lines.push(
      `using var body = new StringContent("""\n${indent(JSON.stringify(json, null, 2), 4)}\n    """, System.Text.Encoding.UTF8, "application/json");`,
    );
    content = ', body';
  }
  if (form) {
    const fields = Object.entries(form).map(
      ([name, value]) => `    [${JSON.stringify(name)}] = ${JSON.stringify(value)},`,
    );
    lines.push(
      `using var body = new FormUrlEncodedContent(new Dictionary<string, string>\n{\n${fields.join('\n')}\n});`,
    );
    content = ', body';
  }
  if (files) {
    lines.push('using var body = new MultipartFormDataContent();');
    for (const [name, file] of Object.entries(files)) {
      lines.push(`body.Add(new ByteArrayContent(File.ReadAllBytes("${file}")), "${name}", "${file}");`);
    }
    content = ', body';
  }
  const call =
    verb === 'Get' || verb === 'Delete'
      ? `await client.${verb}Async("${url}")`
      : `await client.${verb}Async("${url}"${content || ', null'})`;
  lines.push(`using var response = ${call};`, 'response.EnsureSuccessStatusCode();');
  lines.push('Console.WriteLine(await response.Content.ReadAsStringAsync());');
  return lines.join('\n');
}

/** curl, PowerShell, Python, JavaScript and C#, in that order. */
export function codeSamples(request: SampleRequest): CodeSample[] {
  return [
    { value: 'curl', label: 'curl', language: 'bash', code: curl(request) },
    { value: 'powershell', label: 'PowerShell', language: 'powershell', code: powershell(request) },
    { value: 'python', label: 'Python', language: 'python', code: python(request) },
    { value: 'javascript', label: 'JavaScript', language: 'javascript', code: javascript(request) },
    { value: 'csharp', label: 'C#', language: 'csharp', code: csharp(request) },
  ];
}
