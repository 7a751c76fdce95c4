import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Icon } from '../icon.tsx';
import classes from './org-chart.module.css';

export { classes as orgChartClasses };

/** Which branches are open: the ones given at first, then as the reader opens and closes them. */
export function useExpandedSet(initial: () => Iterable<number>) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(initial()));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { expanded, toggle, setExpanded };
}

/** A card's open/close button (a chevron that turns), or the same width of space for a leaf. */
export function ExpandToggle({ hasChildren, open, onToggle, label }: { hasChildren: boolean; open: boolean; onToggle: () => void; label: string }) {
  if (!hasChildren) return <span style={{ width: 22, flexShrink: 0 }} aria-hidden="true" />;
  return (
    <ActionIcon variant="subtle" color="gray" size="sm" onClick={onToggle} aria-expanded={open} aria-label={label}>
      <span style={{ display: 'inline-flex', transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
        <Icon name="chevronRight" size={16} />
      </span>
    </ActionIcon>
  );
}

/** One level of the tree (ARIA tree pattern): each node's card, and below it its children when open. */
export function TreeBranch<T>(props: {
  nodes: readonly T[];
  idOf: (node: T) => number;
  labelOf: (node: T) => string;
  childrenOf: (node: T) => readonly T[];
  /** Whether the node has a branch to open, when its children are loaded only once it opens; by default, whether it has children. */
  hasChildren?: (node: T) => boolean;
  expanded: ReadonlySet<number>;
  card: (node: T, open: boolean) => ReactNode;
}) {
  return (
    <ul className={classes.tree} role="group">
      {props.nodes.map((node) => {
        const id = props.idOf(node);
        const children = props.childrenOf(node);
        const open = props.expanded.has(id);
        const branch = props.hasChildren ? props.hasChildren(node) : children.length > 0;
        return (
          <li key={id} className={classes.node} role="treeitem" aria-expanded={branch ? open : undefined} aria-busy={open && branch && children.length === 0 ? true : undefined} aria-label={props.labelOf(node)}>
            {props.card(node, open)}
            {open && children.length > 0 && <TreeBranch {...props} nodes={children} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The org chart's frame: what it shows (text or legend), "expand all" and "collapse all", then the tree or the empty note. */
export function OrgChartFrame(props: {
  header: ReactNode;
  empty: boolean;
  texts: { expandAll: string; collapseAll: string; empty: string; tree: string };
  onExpandAll: () => void;
  onCollapseAll: () => void;
  expandAllTestId?: string;
  treeTestId: string;
  children: ReactNode;
}) {
  const { texts } = props;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="sm">
          {props.header}
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={props.onExpandAll} data-testid={props.expandAllTestId}>
              {texts.expandAll}
            </Button>
            <Button size="xs" variant="default" onClick={props.onCollapseAll}>
              {texts.collapseAll}
            </Button>
          </Group>
        </Group>
      </Paper>
      {props.empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {texts.empty}
        </Text>
      ) : (
        <div role="tree" aria-label={texts.tree} data-testid={props.treeTestId}>
          {props.children}
        </div>
      )}
    </Stack>
  );
}
