/**
 * The items tables of the inspector: for every ARRAY field of an artifact, a table with one
 * row per item and one column per member of its items (`fieldResults[path].items`), or one
 * column for an array of scalars. Each cell shows its value and its confidence band; the
 * caption gives the item set's confidence, and the set's warnings (`RECORDS_DO_NOT_ADD_UP`
 * with both sums, dropped items) are listed under the table. A cell with evidence of its
 * own is a button: a click, Enter or Space picks it (the page then highlights that cell's
 * evidence, its RECORD_CELL spans or page boxes); the arrow keys move between cells. When
 * the set stayed under its threshold the array has no value, and the cells show the text
 * that was read (marked "as read").
 */

/** The ARRAY fields of an artifact: those whose result holds an array or per-item results. */
export function arrayFields(artifact) {
  return Object.entries(artifact.fieldResults).filter(([, result]) => Array.isArray(result.value) || Array.isArray(result.items));
}

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The member columns of an array's items, in the plan's order of the members
 * (`line_items[].amount`), then any other member an item carries; empty for an array of scalars.
 */
export function memberColumns(artifact, path, result) {
  const prefix = `${path}[].`;
  const names = new Set();
  for (const plan of artifact.plan?.fieldPlans ?? []) {
    const rest = plan.fieldPath.startsWith(prefix) ? plan.fieldPath.slice(prefix.length) : null;
    if (rest !== null && !rest.includes('.') && !rest.includes('[')) names.add(rest);
  }
  for (const item of result.items ?? []) for (const name of Object.keys(item.members ?? {})) names.add(name);
  for (const value of Array.isArray(result.value) ? result.value : []) if (isPlainObject(value)) for (const name of Object.keys(value)) names.add(name);
  return [...names];
}

function band(confidence, name, withName = true) {
  const element = document.createElement('span');
  element.className = `band band-${name}`;
  element.textContent = withName ? `${confidence.toFixed(3)} ${name}` : confidence.toFixed(2);
  element.title = `${confidence.toFixed(3)} ${name}`;
  return element;
}

/** The text of one cell: its value, or (for a set left unresolved) the text its evidence read. */
function cellText(result, position, member, evidenceById, formatValue) {
  const value = Array.isArray(result.value) ? result.value[position] : undefined;
  if (value !== undefined) return { text: formatValue(member === null ? value : isPlainObject(value) ? value[member] : undefined), asRead: false };
  const ids = member === null ? [] : (result.items?.[position]?.members?.[member]?.evidenceIds ?? []);
  const read = ids.map((id) => evidenceById.get(id)?.text).find((text) => typeof text === 'string');
  return { text: read ?? '—', asRead: read !== undefined };
}

function moveFocus(event, table) {
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const move = moves[event.key];
  const cell = event.target.closest('td');
  if (move === undefined || cell === null) return;
  const rows = [...table.tBodies[0].rows];
  const row = rows.indexOf(cell.parentElement);
  const column = cell.cellIndex;
  const target = rows[row + move[0]]?.cells[column + move[1]]?.querySelector('button');
  if (target === undefined || target === null) return;
  event.preventDefault();
  target.focus();
}

/**
 * Renders the items tables of an artifact into `container`. `onPick(path, item, member)`
 * is called when a cell is picked; `formatValue` turns a value into its text.
 */
export function renderItemsTables(container, artifact, { onPick, formatValue }) {
  container.replaceChildren();
  const evidenceById = new Map(artifact.evidence.map((record) => [record.id, record]));
  for (const [path, result] of arrayFields(artifact)) {
    const members = memberColumns(artifact, path, result);
    const count = Array.isArray(result.value) ? result.value.length : (result.items?.length ?? 0);
    const section = document.createElement('section');
    section.className = 'items';
    section.dataset.items = path;
    const heading = document.createElement('h3');
    heading.textContent = `Items of ${path}`;
    const table = document.createElement('table');
    table.dataset.items = path;
    const caption = document.createElement('caption');
    caption.append(`${count} item${count === 1 ? '' : 's'}${result.value === null ? ' (as read: the set is ' + result.status.toLowerCase() + ')' : ''} · set confidence `, band(result.confidence, result.band));
    caption.append('. Pick a cell (click, or arrow keys and Enter) to highlight its evidence.');
    const head = document.createElement('thead');
    const headRow = document.createElement('tr');
    for (const title of ['#', ...(members.length === 0 ? [path] : members), 'Item']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = title;
      headRow.append(th);
    }
    head.append(headRow);
    const body = document.createElement('tbody');
    for (let position = 0; position < count; position += 1) {
      const item = result.items?.[position];
      const row = document.createElement('tr');
      row.dataset.item = String(position);
      const number = document.createElement('th');
      number.scope = 'row';
      number.textContent = String(position + 1);
      row.append(number);
      for (const member of members.length === 0 ? [null] : members) {
        const td = document.createElement('td');
        const { text, asRead } = cellText(result, position, member, evidenceById, formatValue);
        const cell = member === null ? undefined : item?.members?.[member];
        if (cell === undefined) {
          td.textContent = text;
        } else {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = `cell${asRead ? ' as-read' : ''}`;
          button.dataset.item = String(position);
          button.dataset.member = member;
          button.setAttribute('aria-pressed', 'false');
          const value = document.createElement('span');
          value.className = 'cell-value';
          value.textContent = text;
          button.append(value, ' ', band(cell.confidence, cell.band, false));
          button.addEventListener('click', () => onPick(path, position, member));
          td.append(button);
        }
        row.append(td);
      }
      const confidence = document.createElement('td');
      if (item !== undefined) confidence.append(band(item.confidence, item.band, false));
      row.append(confidence);
      body.append(row);
    }
    table.addEventListener('keydown', (event) => moveFocus(event, table));
    table.append(caption, head, body);
    section.append(heading, table);
    const warnings = result.diagnostics.filter((diagnostic) => diagnostic.severity !== 'INFO' && diagnostic.code !== 'FIELD_UNRESOLVED');
    if (warnings.length > 0) {
      const list = document.createElement('ul');
      list.className = 'items-warnings';
      for (const diagnostic of warnings) {
        const entry = document.createElement('li');
        entry.dataset.code = diagnostic.code;
        entry.textContent = `${diagnostic.code}: ${diagnostic.message}`;
        list.append(entry);
      }
      section.append(list);
    }
    container.append(section);
  }
}

/** Marks the picked cell (`aria-pressed`), or none when `cell` is null. */
export function markPickedCell(container, cell) {
  for (const button of container.querySelectorAll('button.cell')) {
    const section = button.closest('section.items');
    const picked = cell !== null && section?.dataset.items === cell.path && button.dataset.item === String(cell.item) && button.dataset.member === cell.member;
    button.setAttribute('aria-pressed', String(picked));
  }
}
