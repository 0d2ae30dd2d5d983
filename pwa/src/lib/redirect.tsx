/**
 * `<Redirect to>`: react-router's `<Navigate replace>` for a screen that sends the person elsewhere,
 * except that a screen drawn for a location the router has already left sends no one anywhere.
 *
 * Why: the router keeps the old screen on view while the next screen's code loads (a transition).
 * If the old screen's own code arrives meanwhile, it draws once more for the old location; a plain
 * `<Navigate>` there would replace the place the person just clicked to (an adviser's click on
 * 'Nueva Captación' in the first second after signing in ended on 'Mi Perfil').
 */
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useLocation, useNavigate, type Location } from 'react-router-dom';

export function Redirect({ to, state }: { to: string; state?: unknown }): null {
  const shown = useLocation();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const navigate = useNavigate();
  const sentFrom = useRef<string | null>(null);
  useEffect(() => {
    // A data router knows where it is now; a plain one's history does (memory and browser alike).
    const now = dataRouter?.router.state.location ?? (navigator as { location?: Location }).location;
    if (now && now.key !== shown.key) return;
    if (sentFrom.current === shown.key) return;
    sentFrom.current = shown.key;
    void navigate(to, { replace: true, state });
  }, [dataRouter, navigator, navigate, shown.key, to, state]);
  return null;
}
