// The baseline pages of calendar.bench.mjs: bare FullCalendar 6 (standard plugins, no React, no app code).
// window.__BENCH.mode: "json" reads the same calendar endpoint our calendar reads (the server's materialised
// events) and draws every event (dayMaxEvents: FullCalendar still renders the hidden ones); "rrule" gets the
// series as RRULE strings and expands them in the browser with the rrule package for the visible range.
import { Calendar } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import multiMonthPlugin from '@fullcalendar/multimonth';
import { RRule } from 'rrule';

const { mode, initialDate } = window.__BENCH;
const iso = (d) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function fromJson(info, success, failure) {
  const end = new Date(info.end.getTime() - 86_400_000);
  fetch(`/api/v1/calendar/events?from=${iso(info.start)}&to=${iso(end)}`, { headers: { Accept: 'application/json' } })
    .then((r) => r.json())
    .then((body) =>
      success(
        body.data.map((e) => ({
          id: e.id,
          title: e.title,
          start: e.date,
          allDay: true,
          classNames: [`k-${e.kind}`, e.overdue ? 'overdue' : 's'],
        })),
      ),
    )
    .catch(failure);
}

let rules = null;
function fromRrules(info, success, failure) {
  const expand = (list) => {
    const events = [];
    // whole dates: expand in UTC over the visible range, as a client-side rrule source does
    const start = new Date(Date.UTC(info.start.getFullYear(), info.start.getMonth(), info.start.getDate()));
    const end = new Date(Date.UTC(info.end.getFullYear(), info.end.getMonth(), info.end.getDate()));
    for (const series of list) {
      const rule = new RRule({ ...RRule.parseString(series.rrule), dtstart: new Date(`${series.start}T00:00:00Z`) });
      for (const date of rule.between(start, end, true))
        events.push({
          id: `${series.uuid}:${date.toISOString()}`,
          title: series.title,
          start: date.toISOString().slice(0, 10),
          allDay: true,
        });
    }
    success(events);
  };
  if (rules) return expand(rules);
  fetch('/api/v1/bench/series')
    .then((r) => r.json())
    .then((body) => {
      rules = body.data;
      expand(rules);
    })
    .catch(failure);
}

window.__mount = performance.now();
const calendar = new Calendar(document.getElementById('root'), {
  plugins: [dayGridPlugin, listPlugin, multiMonthPlugin, interactionPlugin],
  initialView: 'dayGridMonth',
  initialDate,
  headerToolbar: {
    left: 'prev,today,next',
    center: 'title',
    right: 'dayGridMonth,dayGridWeek,dayGridDay,listMonth,multiMonthYear',
  },
  firstDay: 1,
  height: 'auto',
  dayMaxEvents: true,
  editable: true,
  events: mode === 'rrule' ? fromRrules : fromJson,
});
calendar.render();
