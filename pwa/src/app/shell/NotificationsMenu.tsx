import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { JSX } from 'react';

/** Static demo items of the template (spec 001 section 2.2): nothing is loaded. */
export const DEMO_NOTIFICATIONS = [
  { icon: 'envelope', text: 'Tienes 3 mensajes nuevos' },
  { icon: 'home', text: 'Nueva captación asignada a tu equipo' },
  { icon: 'calendar', text: 'Recordatorio: junta semanal a las 10:00' },
] as const;

const NOTIFICATIONS_LABEL = `${DEMO_NOTIFICATIONS.length} notificaciones`;

export function NotificationsMenu(): JSX.Element {
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label="Notificaciones">
          <MenuDivider title="Notificaciones" />
          {DEMO_NOTIFICATIONS.map((n) => (
            <MenuItem key={n.text} icon={n.icon} text={n.text} />
          ))}
        </Menu>
      }
    >
      {/* The name starts with the badge's visible number (WCAG 2.5.3, label in name). */}
      <Button variant="minimal" icon="notifications" aria-label={NOTIFICATIONS_LABEL} title={NOTIFICATIONS_LABEL}>
        <span className="app-topbar__badge" aria-hidden>
          {DEMO_NOTIFICATIONS.length}
        </span>
      </Button>
    </PopoverNext>
  );
}
