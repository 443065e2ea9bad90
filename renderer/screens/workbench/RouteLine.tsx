import { useTranslation } from 'react-i18next';
import type { RouteRecord } from '../../../shared/route-messages';

/**
 * The auto mode's decision: the route it chose, why (the reason as the router's message code), and
 * the cues of the question that decided it, each with its kind.
 */
export function RouteLine({ route }: { route: RouteRecord }) {
  const { t } = useTranslation('route');
  const { t: tw } = useTranslation('workbench');
  return (
    <div className="wb-relevance muted" role="note" data-testid="route-line" data-route={route.chosen} data-code={route.code}>
      <strong>
        {tw('route_label')}: {t(`choice_${route.chosen}`)}
      </strong>{' '}
      <span data-testid="route-reason">{t(route.code, route.params)}.</span>
      {route.cues.length > 0 ? (
        <ul className="wb-route-cues" aria-label={tw('route_label')}>
          {route.cues.map((cue) => (
            <li key={`${cue.kind}:${cue.text}`} data-kind={cue.kind}>
              <span className="muted">{t(`cue_${cue.kind}`)}</span> <code>{cue.text}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
