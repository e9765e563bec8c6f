// `pnpm build`: the inspector as static files under dist/static (host them anywhere next to the service).
import { cpSync } from 'node:fs';

cpSync(new URL('../public/', import.meta.url), new URL('../dist/static/', import.meta.url), { recursive: true });
