import type { SessionUser } from '@labline/contracts';
import { Drawer } from 'antd';
import { SIDE_NAVIGATION_WIDTH } from './SideNavigation';
import { NavigationPanel } from './NavigationPanel';

interface NavigationDrawerProps {
  user: SessionUser;
  open: boolean;
  onClose(): void;
}

/**
 * Below antd's md breakpoint a side bar would leave the page too narrow to read, so the navigation covers the
 * page from the left instead. It closes on an entry followed, on a click outside it, on Escape and on its close
 * button.
 */
export function NavigationDrawer({ user, open, onClose }: NavigationDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      // A little of the page stays in sight on the narrowest phones, which tells that the panel covers it.
      size={`min(${SIDE_NAVIGATION_WIDTH}px, 85vw)`}
      closable={false}
      aria-label="Navigation"
      styles={{ body: { padding: 0 } }}
    >
      <NavigationPanel user={user} onNavigate={onClose} onClose={onClose} />
    </Drawer>
  );
}
