import { AnchorButton, Button, Classes, Drawer, FormGroup, H2, Icon, Position, SegmentedControl, Switch, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { abbreviateCount } from '../../../../couch-design/format';
import { fetchStarCount, FIXED_STAR_COUNT, STARS_REPO } from './github-stars';
import {
  SIDEBAR_COLOR_LABELS,
  SIDEBAR_COLORS,
  SIDEBAR_TYPE_LABELS,
  SIDEBAR_TYPES,
  type SidebarType,
  type UiSettings,
} from './settings';

interface SettingsDrawerProps {
  isOpen: boolean;
  onClose: () => void;
  settings: UiSettings;
  onChange: (change: Partial<UiSettings>) => void;
}

/** The live count is asked for on first opening only; until it comes, or when it cannot be had, the fixed one stands. */
function useStarCount(enabled: boolean): number {
  const [stars, setStars] = useState<number | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!enabled || asked) return;
    const controller = new AbortController();
    void fetchStarCount(controller.signal).then((n) => {
      if (controller.signal.aborted) return;
      setStars(n);
      setAsked(true);
    });
    return () => controller.abort();
  }, [enabled, asked]);
  return stars ?? FIXED_STAR_COUNT;
}

export function SettingsDrawer({ isOpen, onClose, settings, onChange }: SettingsDrawerProps): JSX.Element {
  const [opened, setOpened] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setOpened(true);
  }, [isOpen]);
  const stars = useStarCount(opened);
  const swatches = useRef<Array<HTMLButtonElement | null>>([]);

  // A radio group moves with the arrow keys and is one Tab stop (WAI-ARIA radio group pattern).
  const onSwatchKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + SIDEBAR_COLORS.length) % SIDEBAR_COLORS.length;
    onChange({ sidebarColor: SIDEBAR_COLORS[next] });
    swatches.current[next]?.focus();
  };

  return (
    <Drawer isOpen={isOpen} onClose={onClose} position={Position.RIGHT} size="340px" className="app-settings">
      {/* Blueprint's own header names its close button 'Close' and leaves the drawer unnamed: ours is Spanish. */}
      <div role="dialog" aria-modal="true" aria-labelledby="settings-title" className="app-settings__dialog">
        <div className={Classes.DRAWER_HEADER}>
          <Icon icon="cog" size={20} aria-hidden />
          <H2 id="settings-title" className={Classes.HEADING}>
            Configuración
          </H2>
          <Button variant="minimal" icon="cross" aria-label="Cerrar" title="Cerrar" className={Classes.DIALOG_CLOSE_BUTTON} onClick={onClose} />
        </div>
        <div className={`${Classes.DRAWER_BODY} app-settings__body`}>
          <p className={Classes.TEXT_MUTED}>Ajusta la apariencia del panel. Los cambios se guardan en este dispositivo.</p>

          <FormGroup label="Color de la barra lateral" labelFor="settings-sidebar-color">
            <div id="settings-sidebar-color" role="radiogroup" aria-label="Color de la barra lateral" className="app-swatches">
              {SIDEBAR_COLORS.map((color, index) => (
                <button
                  key={color}
                  ref={(el) => {
                    swatches.current[index] = el;
                  }}
                  type="button"
                  role="radio"
                  tabIndex={settings.sidebarColor === color ? 0 : -1}
                  onKeyDown={(e) => onSwatchKey(e, index)}
                  aria-checked={settings.sidebarColor === color}
                  aria-label={SIDEBAR_COLOR_LABELS[color]}
                  title={SIDEBAR_COLOR_LABELS[color]}
                  className={`app-swatch app-swatch--${color}${settings.sidebarColor === color ? ' is-selected' : ''}`}
                  onClick={() => onChange({ sidebarColor: color })}
                />
              ))}
            </div>
          </FormGroup>

          <FormGroup label="Tipo de barra lateral" helperText="Elige entre los distintos fondos de la barra lateral.">
            <SegmentedControl
              fill
              role="radiogroup"
              aria-label="Tipo de barra lateral"
              options={SIDEBAR_TYPES.map((type) => ({ value: type, label: SIDEBAR_TYPE_LABELS[type] }))}
              value={settings.sidebarType}
              onValueChange={(value) => onChange({ sidebarType: value as SidebarType })}
            />
          </FormGroup>

          <Switch
            label="Barra de navegación fija"
            checked={settings.fixedNavbar}
            onChange={(e) => onChange({ fixedNavbar: e.currentTarget.checked })}
          />

          <hr className="app-settings__divider" />

          <div className="app-settings__promo">
            <AnchorButton
              fill
              intent="primary"
              icon="book"
              href="https://blueprintjs.com/docs/"
              target="_blank"
              rel="noopener noreferrer"
            >
              Documentación de Blueprint
            </AnchorButton>
            <AnchorButton
              fill
              variant="outlined"
              icon="git-repo"
              href={`https://github.com/${STARS_REPO}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Ver el código en GitHub
            </AnchorButton>
            <p className="app-settings__stars" data-testid="github-stars">
              <Tag minimal round icon={<Icon icon="star" size={12} />}>
                {abbreviateCount(stars)}
              </Tag>{' '}
              estrellas en GitHub
            </p>
            <p className={`${Classes.TEXT_MUTED} app-settings__thanks`}>¡Gracias por usar Inmobiliaria!</p>
          </div>
        </div>
      </div>
    </Drawer>
  );
}
