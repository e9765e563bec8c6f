/**
 * One hostile input, in its own process (so its time and peak memory are its own): builds
 * the input named by argv[2], runs it through the built `paxman`, and prints
 * `{ ms, status, limit }` as JSON — `limit` being the diagnostic or error that names the
 * bound it hit. The parent (`hostile.bench.mjs`) reads the peak RSS and kills a case that
 * runs past its hang guard.
 */
import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { adaptContract, listDiagnostics, normalize, close } from 'paxman';

const contract = { id: 'hostile', fields: [{ name: 'supplier_name', type: 'STRING', required: false }, { name: 'invoice_number', type: 'STRING', required: false }, { name: 'total', type: 'MONEY', required: false }, { name: 'invoice_date', type: 'DATE', required: false }] };

function pdf(stream, compress) {
  const data = compress ? deflateSync(Buffer.from(stream)) : Buffer.from(stream);
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>', null, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets = [];
  let length = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = object === null
      ? Buffer.concat([Buffer.from(`${index + 1} 0 obj\n<< /Length ${data.length}${compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`), data, Buffer.from('\nendstream\nendobj\n')])
      : Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`);
    parts.push(chunk);
    length += chunk.length;
  });
  parts.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/** A PNG of `size` × `size` white grey pixels: a few hundred kilobytes that decode to `size`² bytes. */
async function pngBomb(size) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(size + 1, 0xff);
  row[0] = 0;
  // Compressed row by row, so making the bomb does not cost what decoding it would.
  const deflate = createDeflate({ level: 9 });
  const compressed = [];
  deflate.on('data', (part) => compressed.push(part));
  const ended = once(deflate, 'end');
  for (let line = 0; line < size; line += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await ended;
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(compressed)), chunk('IEND', Buffer.alloc(0))]));
}

function fanOutSchema(levels) {
  const defs = {};
  for (let level = 0; level < levels; level += 1) {
    const properties = {};
    for (let index = 0; index < 10; index += 1) properties[`p${index}`] = level === levels - 1 ? { type: 'string' } : { $ref: `#/$defs/L${level + 1}` };
    defs[`L${level}`] = { type: 'object', properties };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/L0' } }, $defs: defs };
}

/** Nested entities that would expand to 10^levels copies of "lol" (the billion-laughs attack). */
function entityBomb(levels) {
  const entities = Array.from({ length: levels }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('');
  return `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><Invoice xmlns="urn:x"><Total>&lol${levels};</Total></Invoice>`;
}

const CASES = {
  'line of 80 000 digits': () => ({ input: '1'.repeat(80_000) }),
  'line of 1 000 000 digits': () => ({ input: '1'.repeat(1_000_000) }),
  'single line of 50 MB': () => ({ input: 'a'.repeat(50_000_000) }),
  'HTML: 400 000 unclosed <b>': () => ({ input: `<html><body>${'<b>x'.repeat(400_000)}` }),
  'HTML: 1 000 000 nested <div>': () => ({ input: `<html><body>${'<div>'.repeat(1_000_000)}x` }),
  'HTML: 300 000 table cells': () => ({ input: `<html><body><table><tr>${'<td>1</td>'.repeat(300_000)}</tr></table>` }),
  'JSON Schema: $refs fanning out to 10^9 fields': () => ({ schema: fanOutSchema(9) }),
  'contract of 2 000 MONEY fields': () => ({ input: 'Total: 5 EUR', contract: { id: 'm', fields: Array.from({ length: 2000 }, (_, index) => ({ name: `amount_${index}`, type: 'MONEY', required: false })) } }),
  'contract of 10 000 MONEY fields': () => ({ input: 'Total: 5 EUR', contract: { id: 'm', fields: Array.from({ length: 10_000 }, (_, index) => ({ name: `amount_${index}`, type: 'MONEY', required: false })) } }),
  'ENUM of 100 000 values × 1 MB text': () => ({ input: 'word '.repeat(200_000), contract: { id: 'e', fields: [{ name: 'kind', type: 'ENUM', required: false, enum_values: Array.from({ length: 100_000 }, (_, index) => `value${index}`) }] } }),
  'PDF with 2 000 000 text operations (deflated)': () => ({ input: pdf(`BT /F1 8 Tf 10 780 Td ${'(x) Tj '.repeat(2_000_000)}ET`, true) }),
  'PNG claiming 20 000 × 20 000 pixels (decompression bomb)': async () => ({ input: await pngBomb(20_000) }),
  'XML: billion laughs (10^9 expansions declared)': () => ({ input: entityBomb(9) }),
  'XML: external entity (file:///etc/passwd)': () => ({ input: '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:x"><Total>&x;</Total></Invoice>' }),
  'XML: 1 000 000 nested elements': () => ({ input: `<?xml version="1.0"?>${'<a>'.repeat(1_000_000)}${'</a>'.repeat(1_000_000)}` }),
  'real PDF invoice, one byte corrupted': () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../../../shared/eval/invoice2data/cases/AmazonWebServices.pdf', import.meta.url)));
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    return { input: bytes };
  },
};

const name = process.argv[2];
const build = CASES[name];
if (build === undefined) {
  process.stdout.write(JSON.stringify({ cases: Object.keys(CASES) }));
} else {
  const { input, contract: given, schema } = await build();
  const started = performance.now();
  let status;
  let limit = null;
  try {
    if (schema !== undefined) {
      adaptContract(schema, { format: 'json-schema' });
      status = 'ADAPTED';
    } else {
      const artifact = await normalize(input, { contract: given ?? contract });
      status = artifact.status;
      const named = listDiagnostics(artifact).find((diagnostic) => ['DOCUMENT_WARNING', 'INPUT_PARTIALLY_SEARCHED', 'DEADLINE_EXCEEDED', 'INPUT_TOO_LARGE', 'XML_REFUSED'].includes(diagnostic.code));
      limit = named === undefined ? null : `${named.code}: ${named.message.slice(0, 90)}`;
    }
  } catch (error) {
    status = 'REFUSED';
    limit = `${error.code ?? error.name}: ${String(error.message).slice(0, 90)}`;
  }
  const ms = performance.now() - started;
  await close();
  process.stdout.write(JSON.stringify({ ms, status, limit, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
}
