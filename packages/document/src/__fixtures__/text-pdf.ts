/**
 * A PDF with a text layer written by the tests themselves: pages of any size and
 * rotation, each with lines of Helvetica text at known places, so page boxes can be
 * checked against where the text was put.
 */

/** A line of text at (x, baseline y) in PDF user space, `size` points high. */
export interface PdfLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export interface PdfTestPage {
  readonly width: number;
  readonly height: number;
  /** /Rotate: 0, 90, 180 or 270. */
  readonly rotate?: number;
  readonly lines: readonly PdfLine[];
}

function escaped(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}

/** A PDF of `pages` (Helvetica, WinAnsi), with a correct cross-reference table. */
export function textPdf(pages: readonly PdfTestPage[]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((page, index) => {
    const id = pageIds[index]!;
    const content = page.lines.map((line) => `BT /F1 ${line.size} Tf ${line.x} ${line.y} Td (${escaped(line.text)}) Tj ET`).join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}]${page.rotate === undefined ? '' : ` /Rotate ${page.rotate}`} /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}
