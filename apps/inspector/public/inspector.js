/**
 * The inspector page: runs a document and a contract through the service
 * (`POST /v1/normalize`), or verifies an existing artifact (`POST /v1/replay`), and shows
 * the fields; picking a field highlights its evidence spans in the document as
 * `<mark data-evidence-id>` elements (losing candidates' evidence in grey) and lists its
 * candidates and conflicts. `?example=demo` loads the demo invoice and contract and runs
 * them. Plain ES module, no framework; all state lives in `view`.
 */
const view = { artifact: null, documentText: '', selected: null };
const $ = (id) => document.getElementById(id);

function headers() {
  const key = $('api-key').value.trim();
  return { 'content-type': 'application/json', ...(key === '' ? {} : { authorization: `Bearer ${key}` }) };
}

function say(text, isError = false) {
  $('message').textContent = text;
  $('message').className = isError ? 'error' : '';
}

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
  const payload = await response.json();
  if (!response.ok) {
    const problems = (payload.problems ?? []).map((problem) => `\n  ${problem.path || '(root)'}: ${problem.message}`).join('');
    throw new Error(`${payload.title ?? response.status} (${payload.code ?? response.status}): ${payload.detail ?? ''}${problems}`);
  }
  return payload;
}

function readContract() {
  const text = $('contract-text').value.trim();
  if (text === '') throw new Error('Give a contract (file or text).');
  try {
    return JSON.parse(text);
  } catch {
    return text; // YAML: the service parses it
  }
}

async function documentInput() {
  const file = $('document-file').files[0];
  if (file !== undefined) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    view.documentText = file.type.startsWith('text/') || /\.(txt|csv|json|eml|html?)$/i.test(file.name) ? new TextDecoder().decode(bytes) : '';
    return { base64: btoa(binary), filename: file.name };
  }
  view.documentText = $('document-text').value;
  return { text: view.documentText };
}

async function run(event) {
  event?.preventDefault();
  try {
    say('Normalizing…');
    const artifact = await post('/v1/normalize', { input: await documentInput(), contract: readContract() });
    show(artifact, null);
    say(`${artifact.status}: ${artifact.statistics.counters.resolvedFields} of ${artifact.statistics.counters.totalFields} fields resolved.`);
  } catch (error) {
    say(error.message, true);
  }
}

async function replay(event) {
  event.preventDefault();
  const file = $('artifact-file').files[0];
  if (file === undefined) return say('Pick an artifact file.', true);
  try {
    const text = await file.text();
    await documentInput();
    let verdict;
    try {
      const result = await post('/v1/replay', { artifact: text, contract: readContract() });
      verdict = { verified: true, text: `Verified: replay hash ${result.replayHash.slice(0, 16)}…` };
    } catch (error) {
      verdict = { verified: false, text: `Not verified — ${error.message}` };
    }
    show(JSON.parse(text), verdict);
    say('Artifact loaded.');
  } catch (error) {
    say(error.message, true);
  }
}

async function loadDemo() {
  say('Loading the demo invoice…');
  const response = await fetch('/v1/examples/demo', { headers: headers() });
  if (!response.ok) return say('The service has no demo example.', true);
  const demo = await response.json();
  $('document-file').value = '';
  $('document-text').value = demo.text;
  $('contract-text').value = JSON.stringify(demo.contract, null, 2);
  await run();
}

function formatValue(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && 'amount' in value) return `${value.amount}${value.currency ? ` ${value.currency}` : ''}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function show(artifact, verdict) {
  view.artifact = artifact;
  view.selected = null;
  $('verdict').textContent = verdict?.text ?? '';
  $('verdict').className = verdict === null ? '' : verdict.verified ? 'verified' : 'tampered';
  const body = $('fields').querySelector('tbody');
  body.replaceChildren();
  for (const [path, result] of Object.entries(artifact.fieldResults)) {
    const row = document.createElement('tr');
    row.dataset.field = path;
    row.tabIndex = 0;
    row.setAttribute('aria-selected', 'false');
    const cells = [path, result.status, formatValue(result.value), null, result.unresolvedReason ?? ''];
    for (const content of cells) {
      const cell = document.createElement('td');
      if (content === null) {
        const band = document.createElement('span');
        band.className = `band band-${result.band}`;
        band.textContent = `${result.confidence.toFixed(3)} ${result.band}`;
        cell.append(band);
      } else cell.textContent = content;
      row.append(cell);
    }
    row.addEventListener('click', () => select(path));
    row.addEventListener('keydown', (event) => onRowKey(event, row, path));
    body.append(row);
  }
  renderDocument([]);
  $('field-detail').replaceChildren();
}

function onRowKey(event, row, path) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    select(path);
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling)?.focus();
  }
}

/** Evidence spans in the `input` layer, sorted and without overlaps (the first kept). */
function inputRanges(records, lost) {
  const ranges = [];
  for (const record of records) {
    for (const span of record.spans ?? []) if (span.layer === 'input') ranges.push({ start: span.start, end: span.end, id: record.id, lost });
  }
  return ranges;
}

function renderDocument(ranges) {
  const target = $('document-view');
  target.replaceChildren();
  const text = view.documentText;
  if (text === '') {
    target.textContent = '(the document is not text: its evidence is listed with the field)';
    return;
  }
  const sorted = ranges.filter((range) => range.end <= text.length).sort((left, right) => left.start - right.start || left.end - right.end);
  let at = 0;
  for (const range of sorted) {
    if (range.start < at) continue;
    target.append(text.slice(at, range.start));
    const mark = document.createElement('mark');
    mark.dataset.evidenceId = range.id;
    if (range.lost) mark.className = 'lost';
    mark.textContent = text.slice(range.start, range.end);
    target.append(mark);
    at = range.end;
  }
  target.append(text.slice(at));
  target.querySelector('mark:not(.lost)')?.scrollIntoView({ block: 'center' });
}

function select(path) {
  const artifact = view.artifact;
  const result = artifact.fieldResults[path];
  view.selected = path;
  for (const row of $('fields').querySelectorAll('tbody tr')) row.setAttribute('aria-selected', String(row.dataset.field === path));
  const chosen = new Set(result.evidenceIds);
  const records = artifact.evidence.filter((record) => record.fieldPath === path);
  const winning = records.filter((record) => chosen.has(record.id));
  const losing = records.filter((record) => !chosen.has(record.id));
  renderDocument([...inputRanges(winning, false), ...inputRanges(losing, true)]);
  const detail = $('field-detail');
  detail.replaceChildren();
  const heading = document.createElement('h3');
  heading.textContent = `${path}: ${formatValue(result.value)}`;
  detail.append(heading, evidenceList('Evidence for the value', winning));
  if (losing.length > 0) detail.append(evidenceList('Other candidates’ evidence (did not win)', losing));
  if (result.conflict !== null) {
    const conflict = document.createElement('p');
    conflict.textContent = `Conflict: ${result.conflict.values.map((entry) => `${formatValue(entry.value)} (${entry.confidence.toFixed(2)})`).join(' vs ')}`;
    detail.append(conflict);
  }
}

function evidenceList(title, records) {
  const section = document.createElement('div');
  const heading = document.createElement('h4');
  heading.textContent = title;
  const list = document.createElement('ul');
  for (const record of records) {
    const item = document.createElement('li');
    const where = (record.spans ?? []).map((span) => `${span.layer} ${span.start}–${span.end}`).join(', ');
    item.textContent = `${record.kind}${record.label ? ` "${record.label}"` : ''} by ${record.capability}: "${record.text ?? ''}"${where ? ` at ${where}` : ''}`;
    list.append(item);
  }
  section.append(heading, list);
  return section;
}

async function readFileInto(input, textarea) {
  const file = input.files[0];
  if (file !== undefined) textarea.value = await file.text();
}

$('run-form').addEventListener('submit', run);
$('replay-form').addEventListener('submit', replay);
$('load-demo').addEventListener('click', loadDemo);
$('contract-file').addEventListener('change', () => readFileInto($('contract-file'), $('contract-text')));
if (new URLSearchParams(location.search).get('example') === 'demo') loadDemo();
