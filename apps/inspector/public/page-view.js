/**
 * The page view of the inspector: a PDF rendered page by page with pdf.js (its browser
 * build, served next to the page under `vendor/pdfjs/`), or a photo or scan shown as an
 * image, with evidence boxes drawn over it. Boxes are in page units — PDF points for a PDF
 * (the page as displayed, rotation applied, y downwards), image pixels for a photo — as
 * the artifact's `evidence[].boxes` give them, so a box is placed at `unit × scale` CSS
 * pixels. Each page is `div.page[data-page]` holding its canvas or image and the boxes,
 * `div.box[data-evidence-id][data-page]` (`.lost` for losing candidates' evidence).
 * Pages are rendered one after the other, yielding between them, so a long PDF keeps the
 * page responsive; a newer render (zoom) cancels an older one.
 */

/** What kind of document the bytes are: `pdf`, `image` or null (not shown as pages). */
export function pageKind(bytes) {
  if (bytes === null || bytes.length < 4) return null;
  const starts = (...values) => values.every((value, index) => bytes[index] === value);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46) || starts(0x42, 0x4d) || starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45) return 'image';
  return null;
}

const IMAGE_TYPES = { 0x89: 'image/png', 0xff: 'image/jpeg', 0x47: 'image/gif', 0x42: 'image/bmp', 0x52: 'image/webp', 0x49: 'image/tiff', 0x4d: 'image/tiff' };

/** Yields to the browser so input and painting go on between pages. */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A page view drawing into `container`. `render(bytes, kind, zoom)` shows the document;
 * `draw(winning, losing)` the boxes of evidence records; `pageAt(event)` turns a click
 * into a page and a point in page units.
 */
export function createPageView(container, onStatus) {
  const state = { generation: 0, pages: [], pdf: null, bytes: null };

  async function loadPdf(bytes) {
    if (state.pdf !== null && state.bytes === bytes) return state.pdf;
    const pdfjs = await import('./vendor/pdfjs/pdf.min.mjs');
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('./vendor/pdfjs/pdf.worker.min.mjs', import.meta.url).href;
    state.pdf = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
    state.bytes = bytes;
    return state.pdf;
  }

  function pageElement(number, width, height, scale) {
    const element = document.createElement('div');
    element.className = 'page';
    element.dataset.page = String(number);
    element.dataset.scale = String(scale);
    element.style.width = `${width}px`;
    element.style.height = `${height}px`;
    return element;
  }

  async function render(bytes, kind, zoom) {
    const generation = (state.generation += 1);
    container.replaceChildren();
    state.pages = [];
    if (kind === 'pdf') {
      const pdf = await loadPdf(bytes);
      for (let number = 1; number <= pdf.numPages; number += 1) {
        if (generation !== state.generation) return false;
        onStatus(`Rendering page ${number} of ${pdf.numPages}…`);
        const page = await pdf.getPage(number);
        const viewport = page.getViewport({ scale: zoom });
        const element = pageElement(number, viewport.width, viewport.height, zoom);
        const canvas = document.createElement('canvas');
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.ceil(viewport.width * ratio);
        canvas.height = Math.ceil(viewport.height * ratio);
        canvas.style.width = `${viewport.width}px`;
        canvas.style.height = `${viewport.height}px`;
        element.append(canvas);
        container.append(element);
        state.pages.push(element);
        await page.render({ canvasContext: canvas.getContext('2d'), viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        await breathe();
      }
      onStatus(`${pdf.numPages} page${pdf.numPages === 1 ? '' : 's'}`);
    } else {
      const url = URL.createObjectURL(new Blob([bytes], { type: IMAGE_TYPES[bytes[0]] ?? 'image/png' }));
      const image = new Image();
      image.src = url;
      image.alt = 'The document image';
      await image.decode();
      if (generation !== state.generation) return false;
      const width = image.naturalWidth * zoom;
      const height = image.naturalHeight * zoom;
      image.style.width = `${width}px`;
      image.style.height = `${height}px`;
      const element = pageElement(1, width, height, zoom);
      element.append(image);
      container.append(element);
      state.pages.push(element);
      onStatus('1 page (image)');
    }
    return true;
  }

  function draw(winning, losing, pointed) {
    for (const element of state.pages) for (const old of element.querySelectorAll('.box, .pointed')) old.remove();
    const place = (element, box, className) => {
      const scale = Number(element.dataset.scale);
      const mark = document.createElement('div');
      mark.className = className;
      mark.style.left = `${box.x * scale}px`;
      mark.style.top = `${box.y * scale}px`;
      mark.style.width = `${Math.max(1, box.width * scale)}px`;
      mark.style.height = `${Math.max(1, box.height * scale)}px`;
      mark.dataset.page = String(box.page);
      element.append(mark);
      return mark;
    };
    const drawn = [];
    for (const [records, className] of [[losing, 'box lost'], [winning, 'box']]) {
      for (const record of records) {
        for (const box of record.boxes ?? []) {
          const element = state.pages[box.page - 1];
          if (element === undefined) continue;
          const mark = place(element, box, className);
          mark.dataset.evidenceId = record.id;
          if (className === 'box') drawn.push(mark);
        }
      }
    }
    if (pointed !== null && state.pages[pointed.page - 1] !== undefined) place(state.pages[pointed.page - 1], pointed, 'pointed');
    drawn[0]?.scrollIntoView({ block: 'center', inline: 'nearest' });
    return drawn.length;
  }

  /** The page and the point (page units) a click on the view landed on, or null. */
  function pageAt(event) {
    const element = event.target.closest?.('.page');
    if (element === null || element === undefined) return null;
    const rect = element.getBoundingClientRect();
    const scale = Number(element.dataset.scale);
    return { page: Number(element.dataset.page), x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  }

  return { render, draw, pageAt, pageCount: () => state.pages.length };
}
