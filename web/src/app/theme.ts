import type { ThemeConfig } from 'antd';

/** The one antd theme of the app. */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0f62b8',
    colorInfo: '#0f62b8',
    borderRadius: 8,
    colorBgLayout: '#f4f6f9',
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 64, bodyBg: '#f4f6f9' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 12, itemHeight: 42, itemSelectedBg: '#e8f1fb' },
    Card: { headerFontSize: 16 },
  },
};
