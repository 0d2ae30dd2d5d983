/**
 * /dashboard/home: the template's demo dashboard for admins (spec 000 section 1); everyone
 * else continues to the profile (spec 001 section 2.1, docs/architecture.md section 7).
 */
import { Card, Classes, Elevation, H2, HTMLTable, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import { formatMoney } from '../../../../couch-design/format';
import { canViewDashboard } from '../../../../couch-design/roles';
import { paths } from '../../lib/paths';
import { Redirect } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { BarChart, LineChart } from './charts';
import {
  COMPLETED_TASKS,
  DAILY_SALES,
  DEMO_PROJECTS,
  ORDERS_SUMMARY,
  ORDERS_TIMELINE,
  STAT_CARDS,
  WEBSITE_VIEWS,
  type ChartData,
  type StatCardData,
} from './demo-data';
import './dashboard.css';

function StatCard({ card }: { card: StatCardData }): JSX.Element {
  return (
    <Card elevation={Elevation.ONE} className="demo-stat">
      <div className={`demo-stat__icon demo-tone--${card.tone}`} aria-hidden>
        <Icon icon={card.icon} size={20} />
      </div>
      <div className="demo-stat__text">
        <div className={Classes.TEXT_MUTED}>{card.title}</div>
        <div className="demo-stat__value">{card.value}</div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{card.subtitle}</div>
      </div>
      <div className="demo-stat__footer">
        <strong className={card.positive ? 'demo-up' : 'demo-down'}>{card.change}</strong> {card.caption}
      </div>
    </Card>
  );
}

function ChartCard({ chart, kind, tone }: { chart: ChartData; kind: 'bar' | 'line'; tone: string }): JSX.Element {
  const label = `${chart.title}: ${chart.description}`;
  return (
    <Card elevation={Elevation.ONE} className="demo-chart-card">
      <div className={`demo-chart-card__plot demo-tone--${tone}`}>
        {kind === 'bar' ? (
          <BarChart labels={chart.labels} values={chart.values} label={label} />
        ) : (
          <LineChart labels={chart.labels} values={chart.values} label={label} />
        )}
      </div>
      <H2 className="demo-chart-card__title demo-card-title">{chart.title}</H2>
      <p className={Classes.TEXT_MUTED}>{chart.description}</p>
      <div className={`demo-chart-card__updated ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        <Icon icon="time" size={12} /> {chart.updated}
      </div>
    </Card>
  );
}

function ProjectsTable(): JSX.Element {
  return (
    <Card elevation={Elevation.ONE} className="demo-projects">
      <H2 className="demo-card-title">Proyectos</H2>
      <p className={Classes.TEXT_MUTED}>
        <Icon icon="tick-circle" size={12} intent="success" /> <strong>30 terminados</strong> este mes
      </p>
      {/* Scrolled sideways on a phone: a region the keyboard can reach and scroll (WCAG 2.1.1). */}
      <div className="demo-table-scroll" role="region" aria-label="Tabla de proyectos" tabIndex={0}>
        <HTMLTable striped interactive className="demo-projects__table">
          <thead>
            <tr>
              <th scope="col">Proyecto</th>
              <th scope="col">Miembros</th>
              <th scope="col">Presupuesto</th>
              <th scope="col">Avance</th>
            </tr>
          </thead>
          <tbody>
            {DEMO_PROJECTS.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>
                  <span className="demo-avatars">
                    {p.members.map((m) => (
                      <span key={m} className="demo-avatar" title={m}>
                        {m}
                      </span>
                    ))}
                  </span>
                </td>
                <td>{p.budget === null ? 'No definido' : formatMoney(p.budget)}</td>
                <td className="demo-projects__progress">
                  <span className={Classes.TEXT_SMALL}>{p.progress}%</span>
                  <ProgressBar
                    value={p.progress / 100}
                    intent={p.progress === 100 ? 'success' : 'primary'}
                    stripes={false}
                    animate={false}
                    aria-label={`Avance de ${p.name}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </Card>
  );
}

function OrdersOverview(): JSX.Element {
  return (
    <Card elevation={Elevation.ONE} className="demo-orders">
      <H2 className="demo-card-title">Resumen de pedidos</H2>
      <p className={Classes.TEXT_MUTED}>
        <Icon icon="arrow-up" size={12} intent="success" /> <strong>{ORDERS_SUMMARY}</strong>
      </p>
      <ol className="demo-timeline" aria-label="Resumen de pedidos">
        {ORDERS_TIMELINE.map((item) => (
          <li key={item.title} className="demo-timeline__item">
            <span className={`demo-timeline__icon demo-intent--${item.intent}`} aria-hidden>
              <Icon icon={item.icon} size={14} />
            </span>
            <div>
              <div className="demo-timeline__title">{item.title}</div>
              <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{item.when}</div>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export default function HomePage(): JSX.Element {
  const { user } = useSession();
  if (!canViewDashboard(user?.role)) return <Redirect to={paths.profile} />;
  return (
    <div className="app-page demo-dashboard">
      <div className="demo-dashboard__heading">
        <h1 className="bp6-heading demo-dashboard__title">Panel de control</h1>
        <Tag minimal icon="info-sign">Datos de demostración</Tag>
      </div>
      <section className="demo-grid demo-grid--stats" aria-label="Estadísticas">
        {STAT_CARDS.map((card) => (
          <StatCard key={card.title} card={card} />
        ))}
      </section>
      <section className="demo-grid demo-grid--charts" aria-label="Gráficas">
        <ChartCard chart={WEBSITE_VIEWS} kind="bar" tone="blue" />
        <ChartCard chart={DAILY_SALES} kind="line" tone="green" />
        <ChartCard chart={COMPLETED_TASKS} kind="line" tone="dark" />
      </section>
      <section className="demo-grid demo-grid--bottom">
        <ProjectsTable />
        <OrdersOverview />
      </section>
    </div>
  );
}
