import { Grid } from 'antd';

/**
 * Label beside value from antd's sm breakpoint up. On a phone a label column would leave the value a third of the
 * card, so the label goes above its value, which then has the card's whole width.
 */
export function useDescriptionsLayout(): 'horizontal' | 'vertical' {
  return Grid.useBreakpoint().sm === false ? 'vertical' : 'horizontal';
}
