import { expect, test } from 'vitest';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as compat from 'preact/compat';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';

// The build renders with Preact (vite.config.ts's preactAliases); the tests run the same code.
test('react, react-dom and the libraries resolve to preact/compat in the tests as in the build', () => {
  expect(React.createElement).toBe(compat.createElement);
  expect(ReactDOM.createPortal).toBe(compat.createPortal);
  expect(typeof QueryClientProvider).toBe('function');
});

test('a function component receives ref as a prop (React 19), as ComposerInput relies on', () => {
  const ref = React.createRef<HTMLInputElement>();
  function Field({ ref: r }: { ref: React.Ref<HTMLInputElement> }) {
    return <input ref={r} aria-label="field" />;
  }
  render(<Field ref={ref} />);
  expect(ref.current).toBe(screen.getByLabelText('field'));
});
