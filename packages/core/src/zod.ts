import { z } from 'zod/mini';

// Pages are served with a Content-Security-Policy without 'unsafe-eval'. Zod's JIT probes for
// `new Function` when the first object schema is built, and that probe is reported as a CSP
// violation even though Zod catches it. Every schema of core is built through this module, so
// the setting is in place before any of them (docs/decisions/0160-zod-without-eval.md). They are
// built with the mini API, so the browser does not download the classic one (decision 0790).
z.config({ jitless: true });

export { z };
