import { ExperimentFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The signed-out pages' frame (sign-in, set-password): the panel on its gradient with the product's mark, title and
 * subtitle. Drawn with the theme's tokens rather than antd's Card, which brings Tabs and Skeleton along.
 */
export function AuthPanel({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        // The page's own text (title, subtitle) in the theme's font: outside antd's components nothing sets one.
        fontFamily: token.fontFamily,
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      }}
    >
      <div
        style={{
          width: '100%',
          maxWidth: 420,
          padding: 40,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 32, textAlign: 'center' }}>
          <Flex
            align="center"
            justify="center"
            style={{ width: 56, height: 56, borderRadius: 16, background: token.colorPrimary, marginBottom: 16 }}
          >
            <ExperimentFilled style={{ fontSize: 28, color: token.colorWhite }} />
          </Flex>
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{subtitle}</p>
        </Flex>
        {children}
      </div>
    </Flex>
  );
}
