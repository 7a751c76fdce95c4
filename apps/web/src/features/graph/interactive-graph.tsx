import { Box, Text, VisuallyHidden } from '@mantine/core';
import type { TGraphLayout, TGraphNode, TGraphVisualization } from '@ona/contracts';
import { useCallback, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGraphAppearance } from '../../graph/graph-appearance.ts';
import type { TDiffMarks } from '../../graph/diff-appearance.ts';
import { GraphCanvas, type TGraphCanvasHandle } from '../../graph/graph-canvas.tsx';
import { peopleByName } from '../../graph/keyboard-navigation.ts';
import { EmployeeCard } from './employee-card.tsx';
import { GraphTooltip } from './graph-tooltip.tsx';
import { useGraphKeyboard } from './use-graph-keyboard.ts';

type TInteractiveGraphProps = {
  data: TGraphVisualization | undefined;
  /** The people as their card shows them (the graph page puts the reader's own count of namers in). */
  nodeById: ReadonlyMap<number, TGraphNode>;
  layout: TGraphLayout;
  appearance: TGraphAppearance;
  /** A graph diff's statuses, and how a person's status is said (spoken after their name). */
  diff?: { marks: TDiffMarks; statusOf: (nodeId: number) => string | null };
  onReady?: (handle: TGraphCanvasHandle | null) => void;
  /** The frame's size and look. */
  frameStyle: CSSProperties;
  /** What lies over the drawing: loader, empty note, recalculating cover, legend. */
  children?: ReactNode;
};

/**
 * The drawn graph with everything a person does with it: hover tooltip, the card of a clicked
 * person, and the keyboard path (the canvas is focusable; see use-graph-keyboard.ts) with its
 * spoken announcements and the visible hint that tells the keys.
 */
export function InteractiveGraph({ data, nodeById, layout, appearance, diff, onReady, frameStyle, children }: TInteractiveGraphProps) {
  const { t } = useTranslation('graph');
  const hintId = useId();
  const canvas = useRef<TGraphCanvasHandle | null>(null);
  const cardFrame = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ id: number; x: number; y: number } | null>(null);
  const [card, setCard] = useState<{ id: number; byKeyboard: boolean } | null>(null);
  const people = useMemo(() => peopleByName(data?.employees ?? []), [data]);

  const closeCard = useCallback(() => {
    const hadFocus = cardFrame.current?.contains(document.activeElement) ?? false;
    setCard(null);
    // Focus goes back where the card was opened from, never to the page's top.
    if (hadFocus) canvas.current?.focus();
  }, []);
  const describe = useCallback(
    (nodeId: number) => {
      const node = nodeById.get(nodeId);
      if (!node) return '';
      const answers = t('tooltip.answers', { given: node.given, received: node.received });
      const said = node.organizational_unit
        ? t('keyboard.person', { name: node.label, unit: node.organizational_unit, answers })
        : t('keyboard.personWithoutUnit', { name: node.label, answers });
      const status = diff?.statusOf(nodeId);
      return status ? `${said} ${status}` : said;
    },
    [nodeById, t, diff],
  );
  const keyboard = useGraphKeyboard({
    people,
    canvas,
    cardOpen: card !== null,
    openCard: (id) => setCard({ id, byKeyboard: true }),
    closeCard,
    describe,
    texts: { noneInDirection: t('keyboard.noneInDirection'), notFound: (typed) => t('keyboard.notFound', { typed }) },
  });

  const hovered = hover ? nodeById.get(hover.id) : undefined;
  const shown = card === null ? undefined : nodeById.get(card.id);

  return (
    <>
      <Box pos="relative" style={frameStyle} onMouseLeave={() => setHover(null)}>
        {data && (
          <GraphCanvas
            data={data}
            layout={layout}
            appearance={appearance}
            diff={diff?.marks ?? null}
            label={diff ? t('diff.canvasLabel') : t('canvasLabel')}
            describedBy={hintId}
            onKeyDown={keyboard.onKeyDown}
            onHover={(id, at) => setHover(id === null ? null : { id, ...at })}
            onClickNode={(id) => {
              setCard(id === null ? null : { id, byKeyboard: false });
              // A click also puts the keyboard on the person, so the arrow keys go on from there.
              if (id !== null) keyboard.setCurrent(id);
            }}
            onReady={(handle) => {
              canvas.current = handle;
              onReady?.(handle);
            }}
          />
        )}
        {children}
        {hovered && hover && <GraphTooltip node={hovered} x={hover.x} y={hover.y} />}
        {shown && card && (
          <Box ref={cardFrame} pos="absolute" top={10} right={10} style={{ zIndex: 6 }}>
            <EmployeeCard node={shown} onClose={closeCard} autoFocus={card.byKeyboard} />
          </Box>
        )}
      </Box>
      <Text id={hintId} fz="xs" c="dimmed" data-testid="graph-keyboard-hint">
        {t('keyboard.hint')}
      </Text>
      <VisuallyHidden role="status" aria-live="polite" data-testid="graph-announcement">
        {keyboard.announcement}
      </VisuallyHidden>
    </>
  );
}
