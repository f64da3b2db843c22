// Bulk data for the tickets benchmark, generated inside PostgreSQL with generate_series.
// Heavy indexes are dropped before the load and rebuilt after it (as a restore would);
// triggers and foreign-key checks are off for the load, and the trigger-kept columns
// and counters (tickets.search_text, ticket_status_counts, the message counts on tickets and
// ticket_reads: docs/decisions/0023) are computed in bulk instead.

export const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Edward',
  'Rebecca',
  'Jason',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
];
export const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Zimmerman',
];

const STAFF = [
  ['Admin', 2],
  ['Customer Care Department', 8],
  ['Tax Preparer', 30],
  ['Reviewer', 10],
];
const ACTIVE = [
  'Open',
  'Tax Preparation',
  'Required More Information',
  'Filing In Process',
  'Draft Ready',
  'Draft Finalised',
  'Ready For Invoice',
  'Payment Collected',
  'Ready For IRS Filing',
];
const sqlArray = (xs) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const LOADED = ['users', 'user_roles', 'tickets', 'ticket_status_changes', 'ticket_messages'];

async function timed(log, label, run) {
  const started = performance.now();
  const result = await run();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Loads `customers` customers, 50 staff, `tickets` tickets and `messagesPerTicket` messages each. */
export async function seed(client, { customers, tickets, messagesPerTicket }, log) {
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set synchronous_commit = off`);
  const { rows: indexes } = await client.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [LOADED],
  );
  await timed(log, `drop ${indexes.length} indexes`, async () => {
    for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
  });
  await client.query(`set session_replication_role = replica`);

  await timed(log, `${customers} customers + 50 staff`, async () => {
    await client.query(
      `insert into users (id, email, full_name, phone, password_hash, login_role, referral_code, created_at, updated_at)
       select 'cust-' || n, lower(f || '.' || l || '.' || n || '@example.com'), f || ' ' || l,
              '+1' || (2015550000 + n)::text, null, 'Customer', 'C' || n, now() - interval '4 years', now() - interval '4 years'
       from generate_series(1, $1::int) n,
            lateral (select (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] as f,
                            (${sqlArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as l) names`,
      [customers],
    );
    await client.query(
      `insert into user_roles (user_id, role) select 'cust-' || n, 'Customer' from generate_series(1, $1::int) n`,
      [customers],
    );
    let n = 0;
    for (const [role, count] of STAFF) {
      await client.query(
        `insert into users (id, email, full_name, phone, password_hash, login_role, referral_code)
         select 'staff-' || k, 'staff.' || k || '@firm.example', $2 || ' ' || k, null, null, $2, 'S' || k
         from generate_series($1::int + 1, $1::int + $3::int) k`,
        [n, role, count],
      );
      await client.query(
        `insert into user_roles (user_id, role) select 'staff-' || k, $2 from generate_series($1::int + 1, $1::int + $3::int) k`,
        [n, role, count],
      );
      n += count;
    }
  });

  await timed(log, `${tickets} tickets`, () =>
    client.query(
      `with p as (
         select array(select id from services order by name) as svcs, array(select id from users where id like 'staff-%' order by id) as staff
       ),
       x as (
         select g, 1 + (g::bigint * 7919) % $2::int as cust_n, now() - random() * interval '1095 days' as created_at,
                random() as r_status, random() as r_assign, random() as r_upd
         from generate_series(1, $1::int) g
       ),
       y as (
         select x.*, p.staff,
           p.svcs[1 + x.g % array_length(p.svcs, 1)] as service_id,
           case when x.created_at > now() - interval '45 days'
             then (${sqlArray([...ACTIVE, 'Open', 'Open', 'Completed'])})[1 + floor(x.r_status * ${ACTIVE.length + 3})::int]
             else case when x.r_status < 0.55 then 'Closed' when x.r_status < 0.88 then 'Completed' when x.r_status < 0.93 then 'Cancelled'
                       else (${sqlArray(ACTIVE)})[1 + floor((x.r_status - 0.93) / 0.07 * ${ACTIVE.length})::int] end
           end as status
         from x, p
       )
       insert into tickets (id, number, customer_id, service_id, service_type_id, year, phone, status, assignee_id, version,
                            search_text, created_by, created_at, updated_at, status_changed_at, last_message_at,
                            message_count, public_message_count)
       select gen_random_uuid()::text, y.g, u.id, s.id, s.service_type_id, 2014 + y.g % 10, u.phone, y.status,
              case when y.status = 'Open' and y.r_assign < 0.7 then null else y.staff[1 + floor(y.r_assign * array_length(y.staff, 1))::int] end,
              1,
              lower(concat_ws(' ', 'TD.' || case when y.g < 10000 then lpad(y.g::text, 4, '0') else y.g::text end,
                              u.full_name, u.email, u.phone, s.name, st.name, (2014 + y.g % 10)::text)),
              u.id, y.created_at,
              least(now(), y.created_at + interval '5 hours' + y.r_upd * interval '40 days'),
              least(now(), y.created_at + interval '5 hours' + y.r_upd * interval '40 days'),
              y.created_at + interval '5 hours',
              $3::int, $3::int - case when $3::int >= 4 then 1 else 0 end
       from y
       join users u on u.id = 'cust-' || y.cust_n
       join services s on s.id = y.service_id
       join service_types st on st.id = s.service_type_id`,
      // The counts of the messages loaded below (message 4 is an internal note).
      [tickets, customers, messagesPerTicket],
    ),
  );
  await client.query(`select setval(pg_get_serial_sequence('tickets', 'number'), $1::bigint)`, [tickets]);
  await client.query(
    `insert into ticket_status_counts (status, n) select status, count(*) from tickets group by status`,
  );
  await client.query(
    `insert into ticket_daily_counts (day, n) select (created_at at time zone 'UTC')::date, count(*) from tickets group by 1`,
  );

  await timed(log, 'status changes (Open → Tax Preparation → current)', async () => {
    const mid = `created_at + (updated_at - created_at) / 3`;
    const late = `created_at + 2 * (updated_at - created_at) / 3`;
    await client.query(
      `insert into ticket_status_changes (ticket_id, from_status, to_status, changed_by, created_at, ended_at)
       select id, null, 'Open', customer_id, created_at, case when status <> 'Open' then ${mid} end from tickets`,
    );
    await client.query(
      `insert into ticket_status_changes (ticket_id, from_status, to_status, changed_by, created_at, ended_at)
       select id, 'Open', 'Tax Preparation', coalesce(assignee_id, 'staff-1'), ${mid}, case when status <> 'Tax Preparation' then ${late} end
       from tickets where status <> 'Open'`,
    );
    await client.query(
      `insert into ticket_status_changes (ticket_id, from_status, to_status, changed_by, created_at, ended_at)
       select id, 'Tax Preparation', status, coalesce(assignee_id, 'staff-1'), ${late}, null
       from tickets where status not in ('Open', 'Tax Preparation')`,
    );
  });

  await timed(log, `${tickets * messagesPerTicket} messages`, () =>
    client.query(
      `insert into ticket_messages (ticket_id, author_id, body, internal, created_at)
       select t.id, case when m.k % 2 = 1 then t.customer_id else coalesce(t.assignee_id, 'staff-1') end,
              'Message ' || m.k || ' on ' || t.name || ': please find the requested information attached.',
              m.k = 4, t.created_at + m.k * interval '1 hour'
       from tickets t cross join generate_series(1, $1::int) m(k)`,
      [messagesPerTicket],
    ),
  );
  // What the trigger on ticket_messages would have written: each author has seen their own messages.
  await timed(log, 'seen counts of the authors', () =>
    client.query(
      `insert into ticket_reads (user_id, ticket_id, last_read_at, seen_all, seen_public)
       select author_id, ticket_id, null, count(*), count(*) filter (where not internal)
       from ticket_messages where author_id is not null group by author_id, ticket_id`,
    ),
  );
  await client.query(`set session_replication_role = origin`);

  await timed(log, `rebuild ${indexes.length} indexes`, async () => {
    for (const ix of indexes) await client.query(ix.indexdef);
  });
  await timed(log, 'vacuum analyze', async () => {
    for (const table of [...LOADED, 'ticket_reads', 'ticket_status_counts', 'ticket_daily_counts'])
      await client.query(`vacuum analyze ${table}`);
  });
}
