import { Badge, createTheme, type CSSVariablesResolver, Modal } from '@mantine/core';

// Contrast (WCAG AA, checked by axe-core in the console's browser test): filled colours at their
// darkest usable shade carry white text at 5:1 or more, and the dimmed text of captions and field
// descriptions is a dark grey.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    // A status is read whole: a badge never shrinks to an ellipsis in a narrow column.
    Badge: Badge.extend({
      defaultProps: { variant: 'filled' },
      styles: { root: { minWidth: 'max-content' } },
    }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
