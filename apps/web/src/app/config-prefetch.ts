// Imported first by main.tsx (issue 30): the global config request leaves as soon as the entry
// starts to run, before React, the router and the layout are evaluated (about 150 ms at CPU ×4).
import { prefetchGlobalConfig } from '../lib/session.ts';

prefetchGlobalConfig();
