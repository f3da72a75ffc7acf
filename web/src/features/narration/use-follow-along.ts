import { useEffect, useRef, useState, type RefObject } from 'react';
import { markAt, matchMarks, type SentenceMark } from './marks';
import { blocksOf, inView, markReading, readingBlocks } from './reading-blocks';
import { sentenceRange, showSentence } from './sentence-highlight';

const smooth = () => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * The sentence being read, highlighted in the lesson as the audio moves (`at(seconds)` on each
 * `timeupdate`): its block is marked (data-narrando) and, where the browser has the CSS Custom
 * Highlight API, the sentence itself is painted inside it (sentence-highlight.ts). The page follows the reading only while the learner is where it is: when the block
 * that was read is off screen (the learner scrolled away), the page stays put and `following` turns
 * false, so the player offers "Seguir lectura" (`follow()`), which goes back and follows again.
 */
export function useFollowAlong(content: RefObject<HTMLElement | null>, marks: readonly SentenceMark[] | undefined) {
  const map = useRef<{ elements: HTMLElement[]; blockOfMark: number[] }>(undefined);
  const shown = useRef<{ block: number; el?: HTMLElement; mark?: number; end?: number }>({ block: -1 });
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);

  /** The blocks as rendered now: read again when the lesson re-rendered (a code block highlighted late). */
  const blocks = () => {
    const container = content.current;
    if (!container || !marks?.length) return undefined;
    if (!map.current || map.current.elements.some((el) => !el.isConnected)) {
      const elements = readingBlocks(container);
      map.current = { elements, blockOfMark: matchMarks(marks, blocksOf(elements)) };
    }
    return { container, ...map.current };
  };

  const at = (seconds: number) => {
    const found = blocks();
    if (!found || !marks) return;
    const mark = markAt(marks, seconds);
    if (mark === shown.current.mark) return;
    const block = found.blockOfMark[mark] ?? -1;
    // A sentence that matches no block (a formula said in words) keeps the last highlight.
    if (block < 0) return;
    if (block !== shown.current.block) {
      const before = shown.current.el;
      const el = markReading(found.container, found.elements[block]);
      shown.current = { block, el };
      if (el && followingRef.current && (!before || inView(before))) el.scrollIntoView?.({ block: 'center', behavior: smooth() });
      else if (el && followingRef.current) {
        followingRef.current = false;
        setFollowing(false);
      }
    }
    // The sentence inside its block, searched after the one read before it in the same block (a repeated sentence).
    const element = found.elements[block];
    const folded = element.closest('details:not([open])');
    const sentence = folded ? undefined : sentenceRange(element, marks[mark].value, shown.current.end ?? 0);
    showSentence(sentence?.range);
    shown.current = { ...shown.current, mark, end: sentence?.end };
  };

  const follow = () => {
    followingRef.current = true;
    setFollowing(true);
    shown.current.el?.scrollIntoView?.({ block: 'center', behavior: smooth() });
  };

  // Closing the player (or another lesson) takes the highlight away.
  useEffect(() => {
    const container = content.current;
    return () => {
      if (container) markReading(container, undefined);
      showSentence(undefined);
      map.current = undefined;
      shown.current = { block: -1 };
    };
  }, [content, marks]);

  return { at, following, follow };
}
