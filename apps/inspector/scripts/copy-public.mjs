// `pnpm build`: the inspector as static files under dist/static (host them anywhere next to the service),
// with pdf.js's browser build under dist/static/vendor/pdfjs/ (the page view renders PDFs with it).
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

cpSync(new URL('../public/', import.meta.url), new URL('../dist/static/', import.meta.url), { recursive: true });
const pdfjs = new URL('./build/', pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')));
for (const name of ['pdf.min.mjs', 'pdf.worker.min.mjs']) cpSync(new URL(name, pdfjs), new URL(`../dist/static/vendor/pdfjs/${name}`, import.meta.url));
