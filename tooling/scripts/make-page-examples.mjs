// Writes the page-view examples under examples/pages/ (run once; the outputs are committed):
// northwind-invoice.pdf — a two-page PDF invoice with a text layer (Helvetica), page 2 in
// landscape with the totals, so the inspector's page view has a second page of another
// size to scroll to; receipt-photo.png — a receipt drawn on a canvas (read by OCR).
// Usage: node tooling/scripts/make-page-examples.mjs
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = new URL('../../examples/pages/', import.meta.url);

function textPdf(pages) {
  const escaped = (text) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((page, index) => {
    const content = page.lines.map((line) => `BT /F1 ${line.size} Tf ${line.x} ${line.y} Td (${escaped(line.text)}) Tj ET`).join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index] + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  let text = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const line = (text, x, y, size = 11) => ({ text, x, y, size });
writeFileSync(
  new URL('northwind-invoice.pdf', out),
  textPdf([
    {
      width: 595,
      height: 842,
      lines: [
        line('Northwind Traders GmbH', 60, 780, 18),
        line('Hafenstrasse 12, 20457 Hamburg, Germany', 60, 760, 10),
        line('INVOICE', 60, 700, 16),
        line('Invoice number:', 60, 670),
        line('NW-2024-0117', 200, 670),
        line('Invoice date:', 60, 652),
        line('2024-03-01', 200, 652),
        line('Due date:', 60, 634),
        line('2024-03-31', 200, 634),
        line('Payment terms:', 60, 616),
        line('Net 30', 200, 616),
        line('Currency:', 60, 598),
        line('EUR', 200, 598),
        line('Description', 60, 540),
        line('Qty', 330, 540),
        line('Amount', 460, 540),
        line('Espresso machine service', 60, 520),
        line('1', 330, 520),
        line('1,000.00', 460, 520),
        line('Spare parts', 60, 502),
        line('2', 330, 502),
        line('37.39', 460, 502),
        line('Totals on the next page.', 60, 100, 9),
      ],
    },
    {
      width: 842,
      height: 595,
      lines: [
        line('Northwind Traders GmbH - invoice NW-2024-0117 - page 2', 60, 540, 10),
        line('Subtotal:', 500, 300),
        line('EUR 1,037.39', 640, 300),
        line('VAT 19%:', 500, 280),
        line('EUR 197.10', 640, 280),
        line('Total due:', 500, 256, 13),
        line('EUR 1,234.49', 640, 256, 13),
      ],
    },
  ]),
);

const { createCanvas } = createRequire(new URL('../../packages/document/package.json', import.meta.url))('@napi-rs/canvas');
const canvas = createCanvas(640, 420);
const context = canvas.getContext('2d');
context.fillStyle = '#ffffff';
context.fillRect(0, 0, 640, 420);
context.fillStyle = '#000000';
context.font = '24px sans-serif';
context.fillText('CORNER BAKERY LTD', 40, 50);
context.fillText('Invoice No: INV-20931', 40, 110);
context.fillText('Date: 2024-03-02', 40, 160);
context.fillText('Total', 40, 240);
context.fillText('EUR 42.50', 440, 240);
context.fillText('Thank you', 40, 330);
writeFileSync(new URL('receipt-photo.png', out), canvas.toBuffer('image/png'));
console.log('wrote examples/pages/northwind-invoice.pdf and receipt-photo.png');
