/**
 * Test images made by the tests themselves: known text rendered onto an `@napi-rs/canvas`
 * canvas (optionally rotated, low contrast, JPEG), with the box each text was drawn in;
 * and a PDF whose pages are such images only (no text layer), written by hand.
 */
import { createCanvas } from '@napi-rs/canvas';

/** A line of text to draw at (x, baseline y). */
export interface DrawnText {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

/** Where a text landed on the image (axis-aligned, image pixels, y downwards). */
export interface DrawnBox {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface RenderOptions {
  readonly width?: number;
  readonly height?: number;
  readonly fontSize?: number;
  /** Degrees, clockwise, about the image centre. */
  readonly rotate?: number;
  readonly ink?: string;
  readonly paper?: string;
  readonly format?: 'png' | 'jpeg';
}

/** Renders the texts and reports the box of each. */
export async function renderText(texts: readonly DrawnText[], options: RenderOptions = {}): Promise<{ image: Uint8Array; boxes: DrawnBox[] }> {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const fontSize = options.fontSize ?? 24;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = options.paper ?? '#ffffff';
  context.fillRect(0, 0, width, height);
  const radians = ((options.rotate ?? 0) * Math.PI) / 180;
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = options.ink ?? '#000000';
  context.font = `${fontSize}px sans-serif`;
  const boxes: DrawnBox[] = [];
  const turn = (px: number, py: number): [number, number] => {
    const dx = px - width / 2;
    const dy = py - height / 2;
    return [width / 2 + dx * Math.cos(radians) - dy * Math.sin(radians), height / 2 + dx * Math.sin(radians) + dy * Math.cos(radians)];
  };
  for (const text of texts) {
    context.fillText(text.text, text.x, text.y);
    const metrics = context.measureText(text.text);
    const top = text.y - metrics.actualBoundingBoxAscent;
    const bottom = text.y + metrics.actualBoundingBoxDescent;
    const corners = [turn(text.x, top), turn(text.x + metrics.width, top), turn(text.x, bottom), turn(text.x + metrics.width, bottom)];
    const xs = corners.map((corner) => corner[0]);
    const ys = corners.map((corner) => corner[1]);
    boxes.push({ text: text.text, x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
  }
  const encoded = options.format === 'jpeg' ? await canvas.encode('jpeg', 92) : await canvas.encode('png');
  return { image: new Uint8Array(encoded), boxes };
}

/** A PDF whose pages each show one JPEG image filling the page (no text layer). */
export function imageOnlyPdf(pages: readonly { readonly jpeg: Uint8Array; readonly width: number; readonly height: number }[]): Uint8Array {
  const objects: (string | Uint8Array)[][] = [];
  const pageIds = pages.map((_, index) => 3 + index * 3);
  objects.push(['<< /Type /Catalog /Pages 2 0 R >>']);
  objects.push([`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`]);
  pages.forEach((page, index) => {
    const id = pageIds[index]!;
    // Page size in points: the image at 144 dpi.
    const pageWidth = (page.width * 72) / 144;
    const pageHeight = (page.height * 72) / 144;
    const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q`;
    objects.push([`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`]);
    objects.push([`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
    objects.push([`<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`, page.jpeg, '\nendstream']);
  });
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  write('%PDF-1.4\n');
  const offsets: number[] = [];
  objects.forEach((parts, index) => {
    offsets.push(length);
    write(`${index + 1} 0 obj\n`);
    for (const part of parts) write(part);
    write('\nendobj\n');
  });
  const xref = length;
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const pdf = new Uint8Array(length);
  let position = 0;
  for (const chunk of chunks) {
    pdf.set(chunk, position);
    position += chunk.length;
  }
  return pdf;
}
