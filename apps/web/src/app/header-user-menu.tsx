import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Icon, type TIconName } from '../shared/ui/icon.tsx';

export type THeaderLink = { to: string; label: string; testId: string; icon: TIconName };

/**
 * The user's menu of organisation pages in the app header, for those who have any. Its own chunk
 * (app-layout.tsx loads it lazily): Menu brings floating-ui, which an employee, who has no such
 * pages, never needs (docs/first-loads.md).
 */
export function HeaderUserMenu({ target, links, opened, onChange }: { target: ReactElement; links: readonly THeaderLink[]; opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={240} opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.testId} component={Link} to={link.to} leftSection={<Icon name={link.icon} size={16} />} data-testid={link.testId}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
