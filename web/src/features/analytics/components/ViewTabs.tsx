import { Button, theme } from 'antd';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ViewTabsProps<K extends string> {
  /** Names the tab list for a screen reader. */
  label: string;
  tabs: readonly { key: K; label: string }[];
  active: K;
  onChange(key: K): void;
  /** The open tab's content. */
  children: ReactNode;
}

const PANEL_ID = 'analytics-tab-panel';
const tabId = (key: string) => `analytics-tab-${key}`;

/**
 * A tab list of the WAI-ARIA tabs pattern (tabs that Tab reaches as one stop, moved between with the arrow keys,
 * Home and End) over one panel with the open tab's content. antd's Tabs would cost the page 11 kB gzip of its own;
 * these are the antd buttons every page loads already.
 */
export function ViewTabs<K extends string>({ label, tabs, active, onChange, children }: ViewTabsProps<K>) {
  const { token } = theme.useToken();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (tab === undefined) return;
    onChange(tab.key);
    list.current?.querySelector<HTMLElement>(`#${tabId(tab.key)}`)?.focus();
  };
  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          marginBottom: 16,
        }}
      >
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <Button
              key={tab.key}
              id={tabId(tab.key)}
              type="text"
              role="tab"
              aria-selected={selected}
              aria-controls={PANEL_ID}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              style={{
                borderRadius: 0,
                height: 44,
                color: selected ? token.colorPrimary : undefined,
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
              }}
            >
              {tab.label}
            </Button>
          );
        })}
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
