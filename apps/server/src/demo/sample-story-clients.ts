import {
  TAX_PREPARATION,
  MORE_INFO,
  FILING,
  READY_FOR_INVOICE,
  CANCELLED,
  money,
  type StoryKit,
} from './sample-cast.ts';

/** The firm's other sample customers: Maria (Schedule C), James (first return), Priya (S corporation, personal
 * return, planning) and Hannah (expat return). */
export function clientStories(k: StoryKit): void {
  const { plan, cast, catalogue, day, year, pdf, slot } = k;
  const { maria, james, priya, hannah, care, prep, rev } = k.cast;

  // --- Maria Gonzalez: a graphic designer, freelance since this year -----------------------------------------

  {
    const s = plan.story('Maria: Schedule C');
    const t = slot('maria-schedule-c');
    s.at(day(21, '18:00'), 'signs up', () => cast.signUp(maria, 'maria.gonzalez@demo.test'));
    s.at(day(20, '19:40'), 'opens the ticket', () =>
      maria.openTicket(t, 'Form 1040 with Schedule C (self-employed)', year),
    );
    s.at(day(20, '19:45'), 'fills in the taxpayer section', () =>
      maria.answer(t, 'tax_payer', {
        filing_status: 'head_of_household',
        first_name: 'Maria',
        last_name: 'Gonzalez',
        date_of_birth: '1985-09-02',
        ssn: '900-54-5678',
        phone: '+12025550111',
        occupation: 'Graphic designer (self-employed)',
        address: { line1: '88 Harbor View Drive', line2: null, city: 'San Diego', state: 'CA', zip: '92101' },
        has_dependents: true,
        dependents: [
          {
            id: 'dep-1',
            first_name: 'Sofia',
            last_name: 'Gonzalez',
            date_of_birth: '2016-03-11',
            relationship: 'Daughter',
            months_lived_with_you: 12,
          },
        ],
      }),
    );
    s.at(day(20, '19:52'), 'fills in income', () =>
      maria.answer(t, 'investment', {
        has_w2: false,
        has_interest: false,
        has_dividends: false,
        has_brokerage: false,
        has_crypto: false,
        has_rental: false,
        has_self_employment: true,
        business_description: 'Freelance brand and packaging design for small businesses',
        has_retirement_distributions: false,
        has_other_income: false,
      }),
    );
    const at1099 = day(20, '19:58');
    s.at(at1099, 'uploads her 1099-NEC', async () =>
      maria.upload(
        t,
        '1099-NEC',
        await pdf(
          `1099-NEC Brightline ${year}.pdf`,
          {
            form: 'Form 1099-NEC',
            title: 'Nonemployee Compensation',
            corner: String(year),
            parties: [
              [
                "Payer's name and address",
                ['Brightline Studio LLC', '410 Market Street, Suite 5', 'San Diego, CA 92101'],
              ],
              ["Recipient's name and address", ['Maria Gonzalez', '88 Harbor View Drive', 'San Diego, CA 92101']],
            ],
            boxes: [
              ['Nonemployee compensation', money(38_600)],
              ['Federal income tax withheld', money(0)],
            ],
            notes: ["Recipient's TIN: XXX-XX-5678"],
          },
          at1099,
        )(),
        { fulfils: '1099-NEC' },
      ),
    );
    s.at(day(20, '20:05'), 'explains', () =>
      maria.say(
        t,
        'Hi! A friend recommended you. This year I went freelance: One client sent a 1099-NEC; the rest paid by bank transfer. I have a spreadsheet of expenses (software, a new laptop) and I work from a spare room at home.',
      ),
    );
    s.at(day(19, '14:30'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(19, '14:31'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(18, '17:10'), 'the preparer notes', () =>
      prep.note(
        t,
        'Home office: need the square footage for Form 8829. Laptop was $2,400: de minimis or Section 179? Asking Riley.',
      ),
    );
    s.at(day(18, '17:20'), 'the preparer asks', () =>
      prep.say(
        t,
        'Hi Maria, thanks! For the home office deduction I need two numbers: the square footage of the room you work in and of your whole home. Could you also save the expense spreadsheet as a PDF and upload it?',
      ),
    );
    s.at(day(17, '15:45'), 'answers', () =>
      maria.say(
        t,
        "The office is 140 sq ft and the apartment is 1,100 sq ft. I'll upload the spreadsheet this weekend.",
      ),
    );
  }

  // --- James Okafor: a first-time filer ----------------------------------------------------------------------

  {
    const s = plan.story('James');
    const wrong = slot('james-wrong-service');
    const t = slot('james-first-return');
    s.at(day(3, '20:50'), 'signs up', () => cast.signUp(james, 'james.okafor@demo.test'));
    s.at(day(2, '21:10'), 'opens a ticket', () => james.openTicket(wrong, 'Form 1040 – Itemized Deductions', year));
    s.at(day(2, '21:16'), 'cancels it', () => james.move(wrong, CANCELLED, 'Picked the wrong service'));
    s.at(day(2, '21:20'), 'opens the right one', () => james.openTicket(t, 'Form 1040 – Standard', year));
    s.at(day(2, '21:30'), 'asks', () =>
      james.say(
        t,
        "First time doing my taxes without my parents. I have one W-2 from a summer internship and some student loan interest. Is 'Standard' the right service for that?",
      ),
    );
  }

  // --- Priya Raman: an S corporation and her family's return ---------------------------------------------------

  {
    const s = plan.story('Priya: S corporation');
    const t = slot('priya-s-corp');
    s.at(day(36, '14:50'), 'signs up', () => cast.signUp(priya, 'priya.raman@demo.test'));
    s.at(day(35, '15:00'), 'opens the ticket', () => priya.openTicket(t, 'Form 1120-S – S Corporation', year));
    const atBooks = day(35, '15:05');
    s.at(atBooks, 'uploads the books', async () =>
      priya.upload(
        t,
        'Other',
        await pdf(
          `Raman Analytics P&L and balance sheet ${year}.pdf`,
          {
            form: 'Raman Analytics LLC',
            title: `Profit and loss, balance sheet: year ended December 31, ${year}`,
            corner: String(year),
            boxes: [
              ['Revenue', money(412_800)],
              ['Cost of services', money(96_350)],
              ['Salaries (officers)', money(140_000)],
              ['Payroll taxes', money(10_710)],
              ['Rent and utilities', money(21_600)],
              ['Software and subscriptions', money(8_940)],
              ['Net income', money(135_200)],
              ['Cash at year end', money(88_415.27)],
            ],
            notes: ['Prepared by Hollis Bookkeeping. Unaudited.'],
          },
          atBooks,
        )(),
      ),
    );
    s.at(day(35, '15:06'), 'introduces the business', () =>
      priya.say(
        t,
        "Hi, this is for Raman Analytics LLC, an S corp with two shareholders (my husband Arjun and me, 50/50). Our bookkeeper's year-end P&L and balance sheet are uploaded.",
      ),
    );
    s.at(day(34, '14:00'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(34, '14:01'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(24, '16:00'), 'the preparer files it in', () => prep.move(t, FILING));
    const atDraft = day(21, '18:30');
    s.at(atDraft, 'the preparer uploads the draft', async () =>
      prep.uploadDraft(
        t,
        await pdf(
          `1120-S draft v1 ${year}.pdf`,
          {
            form: 'Form 1120-S',
            title: `U.S. Income Tax Return for an S Corporation ${year}`,
            corner: String(year),
            parties: [
              ['Corporation', ['Raman Analytics LLC', 'EIN 92-0000000']],
              ['Shareholders (K-1)', ['Priya Raman: 50%', 'Arjun Raman: 50%']],
            ],
            boxes: [
              ['Gross receipts (line 1a)', money(412_800)],
              ['Total deductions (line 20)', money(277_600)],
              ['Ordinary business income (line 21)', money(135_200)],
              ['K-1 box 1, each shareholder', money(67_600)],
              ['Prepared by', 'Parker Preparer'],
            ],
            stamp: 'DRAFT',
          },
          atDraft,
        )(),
        'Return and both K-1s',
      ),
    );
    s.at(day(21, '18:33'), 'the preparer asks for a review', () =>
      prep.say(
        t,
        'The 1120-S and both K-1s are ready for your review. The K-1s will also go into your personal return.',
      ),
    );
    s.at(day(20, '17:05'), 'approves the draft', () => priya.approveDraft(t));
    s.at(day(19, '15:38'), 'the reviewer takes the review', () => rev.assign(t, rev));
    s.at(day(19, '15:40'), 'the reviewer signs off', () => rev.move(t, READY_FOR_INVOICE));
    const price = catalogue.service('Form 1120-S – S Corporation');
    s.at(day(19, '15:45'), 'care issues the invoice', () =>
      care.invoice(t, [
        { description: price.name, quantity: 1, unit_amount_cents: price.price_cents, service_id: price.id },
        { description: 'Schedule K-1, per shareholder', quantity: 2, unit_amount_cents: 7_500 },
      ]),
    );
    s.at(day(4, '18:12'), 'pays by card', () => priya.pay(t));
    s.at(day(4, '18:14'), 'apologises', () => priya.say(t, 'Paid, sorry it took a while!'));
  }

  {
    const s = plan.story('Priya: personal return');
    const t = slot('priya-personal');
    s.at(day(16, '16:20'), 'opens the ticket', () => priya.openTicket(t, 'Form 1040 – Itemized Deductions', year));
    s.at(day(16, '16:25'), 'asks', () =>
      priya.say(t, 'And our personal return, please: married filing jointly, same as last year, plus the two K-1s.'),
    );
    s.at(day(15, '14:10'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(15, '14:11'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(6, '15:30'), 'the preparer files it in', () => prep.move(t, FILING));
    s.at(day(6, '15:35'), 'the preparer updates her', () =>
      prep.say(t, "The K-1s are in, so I'm finishing your personal return now. Expect a draft early next week."),
    );
  }

  {
    const s = plan.story('Priya: planning');
    const t = slot('priya-planning');
    s.at(day(1, '19:00'), 'opens the ticket', () => priya.openTicket(t, 'Tax Planning Consultation', year));
    s.at(day(1, '19:04'), 'asks', () =>
      priya.say(
        t,
        "We're thinking about hiring our first employee next year. Could we talk about payroll and benefits?",
      ),
    );
  }

  // --- Hannah Schmidt: a U.S. citizen living in Munich --------------------------------------------------------

  {
    const s = plan.story('Hannah: expat return');
    const t = slot('hannah-expat');
    s.at(day(11, '08:30'), 'signs up', () => cast.signUp(hannah, 'hannah.schmidt@demo.test'));
    s.at(day(10, '09:30'), 'opens the ticket', () => hannah.openTicket(t, 'Expat Return with Form 2555', year));
    s.at(day(10, '09:40'), 'fills in the taxpayer section', () =>
      hannah.answer(t, 'tax_payer', {
        filing_status: 'single',
        first_name: 'Hannah',
        last_name: 'Schmidt',
        date_of_birth: '1990-06-25',
        ssn: '900-52-1379',
        phone: '+12025550114',
        occupation: 'Data scientist',
        address: { line1: 'Leopoldstrasse 112', line2: null, city: 'Munich', state: 'Bavaria', zip: '80802' },
        has_dependents: false,
      }),
    );
    s.at(day(10, '09:50'), 'asks', () =>
      hannah.say(
        t,
        "Hallo! I'm a U.S. citizen and moved to Munich two years ago. I was in Germany the whole year and paid German income tax on my salary. Can you do my U.S. return?",
      ),
    );
    s.at(day(9, '14:00'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(9, '14:01'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(2, '14:00'), 'the preparer reads notifications', () => prep.readNotifications());
    s.at(day(2, '15:00'), 'the preparer asks for documents', () =>
      prep.askFor(t, {
        custom: [
          'Lohnsteuerbescheinigung (German wage statement)',
          'Residence registration (Meldebescheinigung) or lease',
        ],
        note: 'These show your foreign earned income and that you lived in Germany all year.',
      }),
    );
    s.at(day(2, '15:02'), 'the preparer waits for them', () =>
      prep.move(t, MORE_INFO, 'Needs wage statement and proof of residence'),
    );
    s.at(day(2, '15:05'), 'the preparer explains', () =>
      prep.say(
        t,
        "Hi Hannah, to claim the foreign earned income exclusion I need two more documents (listed on the ticket). Once they're in I can finish your return within a few days.",
      ),
    );
  }
}
