import type { ThemeConfig } from 'antd';

/**
 * Tag text on its light background: antd's shade 7 of the lighter palettes (and the status colours) reads below
 * WCAG AA's 4.5:1, so the tags take a darker shade of the same colour.
 */
const READABLE_TAG_TEXT = {
  green7: '#237804',
  cyan7: '#006d75',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
};

/** The one antd theme of the app; text colours meet WCAG AA contrast (4.5:1), which axe checks in the browser tests. */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0f62b8',
    colorInfo: '#0f62b8',
    // Hover colours stay readable too: a button keeps its hover colour while the pointer rests on it.
    colorPrimaryHover: '#2a72bd',
    colorInfoHover: '#2a72bd',
    // antd's red (#ff4d4f) and its secondary and placeholder greys (45% and 25% black) read at 3.3:1 and below.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 8,
    colorBgLayout: '#f4f6f9',
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 64, bodyBg: '#f4f6f9' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 12, itemHeight: 42, itemSelectedBg: '#e8f1fb' },
    Card: { headerFontSize: 16 },
    Tag: READABLE_TAG_TEXT,
  },
};

/** The same theme without antd's animations, for people whose system asks for reduced motion (useReducedMotion). */
export const STILL_THEME: ThemeConfig = { ...APP_THEME, token: { ...APP_THEME.token, motion: false } };
