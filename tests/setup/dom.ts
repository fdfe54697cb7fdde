import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library advances fake timers after each user-event step only through a global `jest`;
// pointing it at vitest's lets tests of timed widgets (toasts, type-ahead) use fake timers.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// Testing Library unmounts between tests by itself only when the runner exposes globals.
afterEach(cleanup);
