/**
 * @paxman/inspector — the static files of the inspector page (`public/`), served by the
 * HTTP service at `/inspector/` or by any static file server next to the service's API.
 */
import { fileURLToPath } from 'node:url';

/** The folder holding `index.html`, `inspector.js` and `inspector.css`. */
export const INSPECTOR_ROOT: string = fileURLToPath(new URL('../public/', import.meta.url));
