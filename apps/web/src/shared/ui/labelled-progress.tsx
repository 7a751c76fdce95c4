import { Progress, type MantineColor, type ProgressRootProps } from '@mantine/core';

type TLabelledProgressProps = Omit<ProgressRootProps, 'children'> & {
  value: number;
  /** The bar's accessible name (WCAG 4.1.2): what it measures, as a reader would say it. */
  label: string;
  color?: MantineColor;
  animated?: boolean;
  striped?: boolean;
};

/**
 * A one-bar progress. Mantine puts role="progressbar" on the bar's section, not on the root, so a
 * name given to `<Progress>` lands on a role-less div; here it goes where the role is.
 */
export function LabelledProgress({ value, label, color, animated, striped, ...root }: TLabelledProgressProps) {
  return (
    <Progress.Root {...root}>
      <Progress.Section value={value} color={color} animated={animated} striped={striped} aria-label={label} />
    </Progress.Root>
  );
}
