/**
 * The inspector page: runs a document and a contract through the service
 * (`POST /v1/normalize`), or verifies an existing artifact (`POST /v1/replay`), and shows
 * the fields; picking a field highlights its evidence — spans in the text of a text input
 * as `<mark data-evidence-id>` elements, boxes over the rendered pages of a PDF or a photo
 * (`page-view.js`) — with losing candidates' evidence in grey, and lists its candidates and
 * conflicts. Fields that need a person are marked; a reviewer confirms, corrects or clears
 * a field (`POST /v1/amendments`: a signed amendment chained to the artifact) and moves on
 * to the next. An ARRAY field's items are shown as a table (`items-table.js`) whose cells
 * highlight their own evidence. `?example=demo|pdf|receipt` loads an example and runs it. Plain ES modules,
 * no framework; all state lives in `view`.
 */
import { markPickedCell, renderItemsTables } from './items-table.js';
import { createPageView, pageKind } from './page-view.js';

const view = { artifact: null, documentText: '', bytes: null, kind: 'text', zoom: 1.25, contract: null, selected: null, cell: null, amendments: [], pointed: null, name: 'artifact' };
const $ = (id) => document.getElementById(id);
const pages = createPageView($('page-view'), (text) => ($('page-status').textContent = text));

function headers() {
  const key = $('api-key').value.trim();
  return { 'content-type': 'application/json', ...(key === '' ? {} : { authorization: `Bearer ${key}` }) };
}

function say(text, isError = false) {
  $('message').textContent = text;
  $('message').className = isError ? 'error' : '';
}

async function post(path, body, method = 'POST') {
  const response = await fetch(path, { method, headers: headers(), body: JSON.stringify(body) });
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
  if (file !== undefined) return bytesInput(new Uint8Array(await file.arrayBuffer()), file.name, file.type);
  if (view.example !== undefined) return bytesInput(view.example.bytes, view.example.name, view.example.contentType);
  view.documentText = $('document-text').value;
  view.bytes = null;
  view.kind = 'text';
  view.name = 'document';
  return { text: view.documentText };
}

function bytesInput(bytes, name, type) {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  const kind = pageKind(bytes);
  view.bytes = kind === null ? null : bytes;
  view.kind = kind ?? 'text';
  view.name = name.replace(/\.[^.]*$/, '');
  view.documentText = kind === null && (type.startsWith('text/') || /\.(txt|csv|json|eml|html?)$/i.test(name)) ? new TextDecoder().decode(bytes) : '';
  return { base64: btoa(binary), filename: name };
}

async function run(event) {
  event?.preventDefault();
  try {
    say('Normalizing…');
    view.contract = readContract();
    const artifact = await post('/v1/normalize', { input: await documentInput(), contract: view.contract });
    await show(artifact, null);
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
    view.contract = readContract();
    let verdict;
    try {
      const result = await post('/v1/replay', { artifact: text, contract: view.contract });
      verdict = { verified: true, text: `Verified: replay hash ${result.replayHash.slice(0, 16)}…` };
    } catch (error) {
      verdict = { verified: false, text: `Not verified — ${error.message}` };
    }
    await show(JSON.parse(text), verdict);
    say('Artifact loaded.');
  } catch (error) {
    say(error.message, true);
  }
}

async function loadExample(name = 'demo') {
  say(`Loading the ${name} example…`);
  const response = await fetch(`/v1/examples/${encodeURIComponent(name)}`, { headers: headers() });
  if (!response.ok) return say(`The service has no ${name} example.`, true);
  const example = await response.json();
  $('document-file').value = '';
  $('document-text').value = example.text ?? '';
  $('contract-text').value = JSON.stringify(example.contract, null, 2);
  view.example = example.base64 === undefined ? undefined : { bytes: Uint8Array.from(atob(example.base64), (character) => character.charCodeAt(0)), name: example.name, contentType: example.contentType };
  await run();
}

function formatValue(value) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object' && 'amount' in value) return `${value.amount}${value.currency ? ` ${value.currency}` : ''}`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A document of a batch's review queue (`?review=<name>`, the service's `--review-folder`):
 * its artifact, input and contract, verified by replay with the amendments saved so far,
 * its fields needing a person marked and the first of them picked; the link to the next
 * document of the queue.
 */
async function loadReview(name) {
  say(`Loading ${name} from the review queue…`);
  const response = await fetch(`/v1/review/items/${encodeURIComponent(name)}`, { headers: headers() });
  if (!response.ok) return say(`${name} is not in the review queue.`, true);
  const item = await response.json();
  view.review = item;
  if (item.contract !== undefined) $('contract-text').value = item.contract;
  view.contract = item.contract === undefined ? null : readContract();
  if (item.base64 !== undefined) bytesInput(Uint8Array.from(atob(item.base64), (character) => character.charCodeAt(0)), item.name, '');
  let verdict = null;
  if (view.contract !== null) {
    try {
      const result = await post('/v1/replay', { artifact: item.artifact, contract: view.contract, amendments: item.amendments });
      verdict = { verified: true, text: `Verified: replay hash ${result.replayHash.slice(0, 16)}…${item.amendments.length > 0 ? `, ${item.amendments.length} amendment(s)` : ''}` };
    } catch (error) {
      verdict = { verified: false, text: `Not verified — ${error.message}` };
    }
  }
  await show(item.artifact, verdict);
  view.amendments = item.amendments;
  for (const amendment of item.amendments) $('fields').querySelector(`tr[data-field="${CSS.escape(amendment.fieldPath)}"]`)?.classList.replace('needs-review', 'amended');
  if (item.amendments.length > 0) showAmendments();
  $('review-status').hidden = false;
  $('review-position').textContent = `Review queue: document ${item.position} of ${item.total} (${item.name}).`;
  const next = $('review-next');
  next.hidden = item.next === undefined;
  if (item.next !== undefined) next.href = `?review=${encodeURIComponent(item.next)}`;
  say(`${item.fields.length} field(s) of ${item.name} need a person.`);
  nextForReview();
}

/** Whether a field needs a person: a required field left unresolved, REQUIRE_HUMAN, a conflict, or a value below its field's target confidence. */
function needsReview(artifact, path) {
  const result = artifact.fieldResults[path];
  const plan = artifact.plan?.fieldPlans?.find((entry) => entry.fieldPath === path);
  if (result.requiresHuman || result.unresolvedReason === 'REQUIRE_HUMAN' || result.conflict !== null) return true;
  if (result.status === 'UNRESOLVED' || result.status === 'EXECUTION_FAILED') return plan?.required === true && !result.defaulted;
  return plan !== undefined && result.confidence < plan.targetConfidence;
}

async function show(artifact, verdict) {
  view.artifact = artifact;
  view.selected = null;
  view.cell = null;
  view.amendments = [];
  view.pointed = null;
  $('amendments').hidden = true;
  $('amend-form').hidden = true;
  $('verdict').textContent = verdict?.text ?? '';
  $('verdict').className = verdict === null ? '' : verdict.verified ? 'verified' : 'tampered';
  const body = $('fields').querySelector('tbody');
  body.replaceChildren();
  for (const [path, result] of Object.entries(artifact.fieldResults)) {
    const row = document.createElement('tr');
    row.dataset.field = path;
    if (needsReview(artifact, path)) row.classList.add('needs-review');
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
  renderItemsTables($('items'), artifact, { onPick: (path, item, member) => select(path, { path, item, member }), formatValue });
  $('field-detail').replaceChildren();
  const paged = view.kind !== 'text' && view.bytes !== null;
  $('page-view').hidden = !paged;
  $('page-tools').hidden = !paged;
  $('document-view').hidden = paged;
  if (paged) await renderPages();
  else renderDocument([]);
}

async function renderPages() {
  $('zoom-level').textContent = `${Math.round(view.zoom * 100)} %`;
  try {
    if (await pages.render(view.bytes, view.kind, view.zoom)) {
      $('page-view').dataset.rendered = 'true';
      if (view.selected !== null) drawSelection();
    }
  } catch (error) {
    say(`The page could not be shown: ${error.message}`, true);
  }
}

async function zoom(factor) {
  if ($('page-view').hidden) return;
  view.zoom = Math.min(4, Math.max(0.25, Math.round(view.zoom * factor * 100) / 100));
  $('page-view').dataset.rendered = 'false';
  await renderPages();
}

/** The evidence of the picked field — or of the picked cell of its items — and the evidence of what lost. */
function evidenceOf(path) {
  const result = view.artifact.fieldResults[path];
  const records = view.artifact.evidence.filter((record) => record.fieldPath === path);
  if (view.cell !== null && view.cell.path === path) {
    const cell = new Set(result.items?.[view.cell.item]?.members?.[view.cell.member]?.evidenceIds ?? []);
    return { winning: records.filter((record) => cell.has(record.id)), losing: [] };
  }
  const chosen = new Set(result.evidenceIds);
  return { winning: records.filter((record) => chosen.has(record.id)), losing: records.filter((record) => !chosen.has(record.id)) };
}

function drawSelection() {
  const { winning, losing } = evidenceOf(view.selected);
  pages.draw(winning, losing, view.pointed);
}

function onRowKey(event, row, path) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    select(path);
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling)?.focus();
  } else if (event.key === 'n') {
    event.preventDefault();
    nextForReview();
  }
}

/** Selects the next field that needs a person after the selected one (wrapping); false when none is left. */
function nextForReview() {
  const rows = [...$('fields').querySelectorAll('tbody tr.needs-review')];
  if (rows.length === 0) {
    say('No field left to review.');
    return false;
  }
  const all = [...$('fields').querySelectorAll('tbody tr')];
  const at = all.findIndex((row) => row.dataset.field === view.selected);
  const next = rows.find((row) => all.indexOf(row) > at) ?? rows[0];
  next.focus();
  select(next.dataset.field);
  return true;
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
    target.textContent = '(the document is not text and could not be shown as pages: its evidence is listed with the field)';
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

/** Picks a field, or one cell of an array field's items (`cell`: its path, item and member). */
function select(path, cell = null) {
  const artifact = view.artifact;
  const result = artifact.fieldResults[path];
  view.selected = path;
  view.cell = cell;
  for (const row of $('fields').querySelectorAll('tbody tr')) row.setAttribute('aria-selected', String(row.dataset.field === path));
  markPickedCell($('items'), cell);
  const { winning, losing } = evidenceOf(path);
  view.pointed = null;
  if ($('page-view').hidden) renderDocument([...inputRanges(winning, false), ...inputRanges(losing, true)]);
  else drawSelection();
  showAmendForm(path, result);
  const detail = $('field-detail');
  detail.replaceChildren();
  const heading = document.createElement('h3');
  heading.textContent = cell === null ? `${path}: ${formatValue(result.value)}` : `${path}[${cell.item + 1}].${cell.member}: ${formatValue(result.value?.[cell.item]?.[cell.member])}`;
  detail.append(heading, evidenceList(cell === null ? 'Evidence for the value' : 'Evidence for the cell', winning));
  if (losing.length > 0) detail.append(evidenceList('Other candidates’ evidence (did not win)', losing));
  if (result.conflict !== null) {
    const conflict = document.createElement('p');
    conflict.textContent = `Conflict: ${result.conflict.values.map((entry) => `${formatValue(entry.value)} (${entry.confidence.toFixed(2)})`).join(' vs ')}`;
    detail.append(conflict);
  }
}

function showAmendForm(path, result) {
  const form = $('amend-form');
  form.hidden = false;
  form.dataset.field = path;
  form.querySelector('h3').textContent = `Review ${path}`;
  $('amend-action').value = result.status === 'UNRESOLVED' ? 'CORRECT' : 'CONFIRM';
  $('amend-value').value = result.value === null ? '' : Array.isArray(result.value) ? JSON.stringify(result.value) : formatValue(result.value);
  $('amend-reason').value = '';
  $('amend-box').textContent = $('page-view').hidden ? '' : 'Click the page to point at the value (optional).';
}

/** The value typed: JSON for an object, array, boolean or null, else the text the field's type reads. */
function typedValue(text) {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed) || ['true', 'false', 'null'].includes(trimmed)) return JSON.parse(trimmed);
  return trimmed;
}

async function saveAmendment(event) {
  event.preventDefault();
  const path = $('amend-form').dataset.field;
  const action = $('amend-action').value;
  const reason = $('amend-reason').value.trim();
  if (reason === '') return say('Give a reason for the decision.', true);
  const reviewerName = $('amend-reviewer').value.trim();
  const decision = { fieldPath: path, action, reason, ...(action === 'CORRECT' ? { value: typedValue($('amend-value').value) } : {}), ...(reviewerName === '' ? {} : { reviewerName }), ...(view.pointed === null ? {} : { box: view.pointed }) };
  try {
    const result = await post('/v1/amendments', { artifact: view.artifact, contract: view.contract ?? readContract(), amendments: view.amendments, decision });
    view.amendments = result.amendments;
    const row = $('fields').querySelector(`tr[data-field="${CSS.escape(path)}"]`);
    row.classList.remove('needs-review');
    row.classList.add('amended');
    row.children[2].textContent = formatValue(result.review.amendedFields[path]?.value ?? null);
    showAmendments();
    if (view.review !== undefined) await post(`/v1/review/items/${encodeURIComponent(view.review.name)}/amendments`, { amendments: view.amendments }, 'PUT').then(() => undefined, (error) => say(`Not kept beside the artifact: ${error.message}`, true));
    say(`Amendment ${result.amendment.sequence} saved: ${path} ${action.toLowerCase()}ed by ${result.amendment.reviewer.name ?? result.amendment.reviewer.keyId}.`);
    if ($('fields').querySelector('tbody tr.needs-review') !== null) nextForReview();
    else if (view.review?.next !== undefined) location.search = `?review=${encodeURIComponent(view.review.next)}`;
  } catch (error) {
    say(error.message, true);
  }
}

function showAmendments() {
  const text = `${JSON.stringify(view.amendments, null, 2)}\n`;
  $('amendments').hidden = false;
  $('amendments-json').textContent = text;
  const link = $('amendments-download');
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = `${view.name}.amendments.json`;
  const artifactLink = $('artifact-download');
  if (artifactLink.href.startsWith('blob:')) URL.revokeObjectURL(artifactLink.href);
  artifactLink.href = URL.createObjectURL(new Blob([JSON.stringify(view.artifact)], { type: 'application/json' }));
  artifactLink.download = `${view.name}.json`;
}

function pointAt(event) {
  if (view.selected === null) return;
  const point = pages.pageAt(event);
  if (point === null) return;
  // A box about one line high around the point, in page units.
  const size = view.kind === 'pdf' ? 12 : 24;
  view.pointed = { page: point.page, x: Math.round((point.x - size) * 100) / 100, y: Math.round((point.y - size / 2) * 100) / 100, width: size * 2, height: size };
  $('amend-box').textContent = `Pointed at page ${point.page}, ${Math.round(point.x)} × ${Math.round(point.y)}.`;
  drawSelection();
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
$('load-demo').addEventListener('click', () => loadExample('demo'));
$('contract-file').addEventListener('change', () => readFileInto($('contract-file'), $('contract-text')));
$('document-file').addEventListener('change', () => (view.example = undefined));
$('document-text').addEventListener('input', () => (view.example = undefined));
$('amend-form').addEventListener('submit', saveAmendment);
$('zoom-in').addEventListener('click', () => zoom(1.25));
$('zoom-out').addEventListener('click', () => zoom(0.8));
$('page-view').addEventListener('click', pointAt);
$('page-view').addEventListener('keydown', (event) => {
  if (event.key === '+' || event.key === '=') zoom(1.25);
  else if (event.key === '-') zoom(0.8);
});
const parameters = new URLSearchParams(location.search);
if (parameters.get('review') !== null) loadReview(parameters.get('review'));
else if (parameters.get('example') !== null) loadExample(parameters.get('example'));
