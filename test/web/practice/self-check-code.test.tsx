import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { OpenAnswer } from '../../../web/src/features/practice/open-answer';

// Seen on the featured Python course at 1280 and 390 px (issue 33): a self-check question with inline
// code read "¿Qué hace exactamente la línea `total = total + 6`?", backticks and all, under a lesson
// that shows the same code as code. The question shows it as code, and nothing else is interpreted.

it('shows the inline code of a self-check question as code, without its backticks', () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OpenAnswer numero={1} pregunta="¿Qué hace exactamente la línea `total = total + 6`? Y *esto* no cambia." start={async () => 'g-1'} />
    </QueryClientProvider>,
  );
  const question = screen.getByText((_, el) => el?.tagName === 'P' && el.textContent?.startsWith('1. ¿Qué hace') === true);
  expect(question.textContent).toBe('1. ¿Qué hace exactamente la línea total = total + 6? Y *esto* no cambia.');
  const code = question.querySelector('code');
  expect(code).toHaveTextContent('total = total + 6');
  expect(question.textContent).not.toContain('`');
});
