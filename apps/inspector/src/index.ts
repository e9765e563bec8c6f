/**
 * @paxman/inspector — the static files of the inspector page (`public/`), served by the
 * HTTP service at `/inspector/` or by any static file server next to the service's API,
 * and the pdf.js browser build the page renders PDFs with (served at
 * `/inspector/vendor/pdfjs/`).
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The folder holding `index.html`, `inspector.js` and `inspector.css`. */
export const INSPECTOR_ROOT: string = fileURLToPath(new URL('../public/', import.meta.url));

/** The folder of pdf.js's browser build (`pdf.min.mjs`, `pdf.worker.min.mjs`), served under `vendor/pdfjs/`. */
export const PDFJS_BUILD_ROOT: string = fileURLToPath(new URL('./build/', pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))));
