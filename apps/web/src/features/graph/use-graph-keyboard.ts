import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TGraphCanvasHandle } from '../../graph/graph-canvas.tsx';
import { arrowDirection, nearestInDirection, nearestTo, nextTypedText, TYPE_AHEAD_PAUSE_MS, typeAheadMatch, type TNamedPerson } from '../../graph/keyboard-navigation.ts';

type TGraphKeyboardOptions = {
  /** The people drawn, in the order type-ahead and Home/End follow (alphabetical). */
  people: readonly TNamedPerson[];
  canvas: RefObject<TGraphCanvasHandle | null>;
  cardOpen: boolean;
  openCard: (nodeId: number) => void;
  closeCard: () => void;
  /** What is announced for a person the keyboard lands on. */
  describe: (nodeId: number) => string;
  texts: { noneInDirection: string; notFound: (typed: string) => string };
};

/**
 * The keyboard path through the graph (issue 17; docs/graph.md, "Keyboard"): the arrow keys move
 * to the nearest person in that direction on the screen, typing finds a person by name, Home and
 * End go to the first and last name, Enter (or Space) opens the person's card, Escape closes it,
 * or else leaves the person. The person is highlighted in the drawing and announced.
 */
export function useGraphKeyboard({ people, canvas, cardOpen, openCard, closeCard, describe, texts }: TGraphKeyboardOptions) {
  const [current, setCurrent] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const typed = useRef<{ text: string; at: number } | null>(null);

  // New data without the person (another filter): the keyboard starts afresh.
  const drawn = current !== null && people.some((person) => person.id === current);
  useEffect(() => {
    if (current !== null && !drawn) setCurrent(null);
  }, [current, drawn]);
  useEffect(() => {
    canvas.current?.focusNode(drawn ? current : null);
  }, [canvas, current, drawn]);

  const goTo = useCallback(
    (nodeId: number) => {
      setCurrent(nodeId);
      setAnnouncement(describe(nodeId));
    },
    [describe],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const handle = canvas.current;
    if (!handle || people.length === 0) return;
    const direction = arrowDirection(event.key);
    const typing = typed.current !== null && event.timeStamp - typed.current.at < TYPE_AHEAD_PAUSE_MS;
    if (direction) {
      event.preventDefault();
      const positions = handle.viewportPositions();
      const from = current === null ? undefined : positions.get(current);
      const next = from === undefined ? nearestTo(handle.viewportCentre(), positions) : nearestInDirection(from, [...positions].filter(([id]) => id !== current), direction);
      if (next === null) setAnnouncement(texts.noneInDirection);
      else goTo(next);
      return;
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      goTo((event.key === 'Home' ? people[0] : people[people.length - 1])!.id);
      return;
    }
    // Space opens the card too, unless it is the space inside a name being typed.
    if (event.key === 'Enter' || (event.key === ' ' && !typing)) {
      event.preventDefault();
      if (current !== null) openCard(current);
      return;
    }
    if (event.key === 'Escape') {
      if (cardOpen) closeCard();
      else setCurrent(null);
      return;
    }
    if (event.key.length === 1) {
      event.preventDefault();
      typed.current = nextTypedText(typed.current, event.key, event.timeStamp);
      const found = typeAheadMatch(people, typed.current.text, current);
      if (found === null) setAnnouncement(texts.notFound(typed.current.text));
      else goTo(found);
    }
  };

  return { current, announcement, onKeyDown, setCurrent };
}
