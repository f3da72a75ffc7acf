import { diagramHold, type Piece } from '../../../lambdas/tutor/diagram-hold';

// Issue 43: however the model's text is cut into pieces, the hold passes on the same text and the
// same whole blocks, and nothing of a block before its closing fence.

const answer = 'Mira:\n```diagrama\n{"a":1}\n```\nY un código:\n```python\nprint(1)\n```\n## Luego\n```diagrama\n{"b":2}\n## Otra\nFin';

function run(pieces: string[], end = true) {
  const hold = diagramHold();
  const out: Piece[] = pieces.flatMap((p) => hold.push(p));
  if (end) out.push(...hold.end());
  return out;
}
const text = (out: Piece[]) => out.filter((p) => p.kind === 'text').map((p) => (p as { text: string }).text).join('');
const blocks = (out: Piece[]) => out.filter((p) => p.kind === 'diagram');

test('the same text and blocks whatever the pieces', () => {
  const whole = run([answer]);
  expect(text(whole)).toBe('Mira:\nY un código:\n```python\nprint(1)\n```\n## Luego\n## Otra\nFin');
  expect(blocks(whole)).toEqual([{ kind: 'diagram', body: '{"a":1}', closed: true }, { kind: 'diagram', body: '{"b":2}', closed: false }]);
  for (let size = 1; size <= 7; size++) {
    const out = run(answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!);
    expect(text(out)).toBe(text(whole));
    expect(blocks(out)).toEqual(blocks(whole));
  }
});

test('nothing of an open block is passed on, and text before it is not held back', () => {
  const hold = diagramHold();
  expect(hold.push('Hola, te lo dibujo')).toEqual([{ kind: 'text', text: 'Hola, te lo dibujo' }]);
  const out = [...hold.push(':\n``'), ...hold.push('`diagrama\n{"nodos": ['), ...hold.push('1, 2]}')];
  expect(out).toEqual([{ kind: 'text', text: ':\n' }]);
  expect(hold.end()).toEqual([{ kind: 'diagram', body: '{"nodos": [1, 2]}', closed: false }]);
});
