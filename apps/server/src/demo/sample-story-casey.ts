import {
  TAX_PREPARATION,
  MORE_INFO,
  FILING,
  READY_FOR_INVOICE,
  READY_FOR_IRS,
  COMPLETED,
  money,
  type StoryKit,
} from './sample-cast.ts';
import { idCardPng, receiptPng } from './sample-files.ts';

/** The demo customer's own tickets: an amended return (done), an itemized return (draft ready), a planning
 * consultation (invoiced) and an IRS notice (documents asked for). */
export function caseyStories(k: StoryKit): void {
  const { plan, day, year, prior, pdf, slot } = k;
  const { casey, care, prep, rev } = k.cast;

  // --- Casey Customer (customer@demo.test) -------------------------------------------------------------------

  {
    const s = plan.story('Casey: amended return');
    const t = slot('casey-amended');
    s.at(day(40, '14:05'), 'opens the ticket', () => casey.openTicket(t, 'Amended Return (1040-X)', prior));
    s.at(day(40, '14:09'), 'explains', () =>
      casey.say(
        t,
        `Hi! After I filed my ${prior} return I found a 1099-INT from an old savings account I'd forgotten about. Can you amend the return for me?`,
      ),
    );
    s.at(day(40, '16:30'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(40, '16:31'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(39, '13:35'), 'uploads a photo ID to the vault', async () =>
      casey.upload(null, 'Photo ID', {
        filename: 'drivers-license.png',
        bytes: await idCardPng({
          name: ['CUSTOMER', 'CASEY'],
          lines: ['DOB 04/17/1988', 'DL S12-345-678', `EXP 04/17/${year + 5}`, '1420 MAPLE AVE APT 3B'],
        }),
      }),
    );
    const at1099 = day(39, '13:40');
    s.at(at1099, 'uploads the 1099-INT', async () =>
      casey.upload(
        t,
        '1099-INT',
        await pdf(
          `1099-INT Ridgeview Savings ${prior}.pdf`,
          {
            form: 'Form 1099-INT',
            title: 'Interest Income',
            corner: String(prior),
            parties: [
              ["Payer's name and address", ['Ridgeview Savings Bank', '2200 Lake Shore Road', 'Richmond, VA 23220']],
              ["Recipient's name and address", ['Casey Customer', '1420 Maple Avenue, Apt 3B', 'Arlington, VA 22201']],
            ],
            boxes: [
              ['Interest income', money(642.18)],
              ['Early withdrawal penalty', money(0)],
              ['Interest on U.S. Savings Bonds', money(0)],
              ['Federal income tax withheld', money(0)],
            ],
            notes: ["Recipient's TIN: XXX-XX-2468", 'Account number: ****7731'],
          },
          at1099,
        )(),
      ),
    );
    s.at(day(38, '15:10'), 'the preparer answers', () =>
      prep.say(
        t,
        'Got them, thanks! $642 of interest adds about $141 of tax. No penalty as long as we file the 1040-X promptly; I will have a draft for you in a couple of days.',
      ),
    );
    s.at(day(38, '15:12'), 'the preparer files it in', () => prep.move(t, FILING));
    const atDraft = day(36, '19:20');
    s.at(atDraft, 'the preparer uploads the draft', async () =>
      prep.uploadDraft(
        t,
        await pdf(
          `1040-X draft v1 ${prior}.pdf`,
          {
            form: 'Form 1040-X',
            title: `Amended U.S. Individual Income Tax Return ${prior}`,
            corner: String(prior),
            parties: [['Taxpayer', ['Casey Customer', 'SSN XXX-XX-2468']]],
            boxes: [
              ['Adjusted gross income: as filed', money(79_800)],
              ['Adjusted gross income: corrected', money(80_442.18)],
              ['Total tax: as filed', money(9_345.5)],
              ['Total tax: corrected', money(9_486.78)],
              ['Amount you owe', money(141.28)],
              ['Prepared by', 'Parker Preparer'],
            ],
            notes: ['Part II explanation: 1099-INT from Ridgeview Savings Bank received after filing.'],
            stamp: 'DRAFT',
          },
          atDraft,
        )(),
        'Amended return with the 1099-INT added; $141.28 to pay.',
      ),
    );
    s.at(day(35, '13:05'), 'approves the draft', () => casey.approveDraft(t));
    s.at(day(35, '15:30'), 'care gets the invoice ready', () => care.move(t, READY_FOR_INVOICE));
    s.at(day(35, '15:32'), 'care issues the invoice', () => care.invoice(t));
    s.at(day(34, '12:48'), 'pays by card', () => casey.pay(t));
    s.at(day(34, '14:00'), 'the reviewer checks it for filing', () => rev.move(t, READY_FOR_IRS));
    s.at(day(31, '17:15'), 'the preparer mails it to the IRS', () =>
      prep.move(t, COMPLETED, 'Mailed certified to the IRS, Kansas City'),
    );
    s.at(day(31, '17:18'), 'the preparer says so', () =>
      prep.say(
        t,
        "Your amended return is on its way to the IRS. They take about 16 weeks to process a 1040-X; you can follow it with the IRS's 'Where's My Amended Return?' tool.",
      ),
    );
  }

  {
    const s = plan.story('Casey: itemized return');
    const t = slot('casey-itemized');
    s.at(day(12, '18:20'), 'opens the ticket', () => casey.openTicket(t, 'Form 1040 – Itemized Deductions', year));
    s.at(day(12, '18:28'), 'fills in the taxpayer section', () =>
      casey.answer(t, 'tax_payer', {
        filing_status: 'single',
        first_name: 'Casey',
        last_name: 'Customer',
        date_of_birth: '1988-04-17',
        ssn: '900-71-2468',
        phone: '+12025550101',
        occupation: 'Product manager',
        address: { line1: '1420 Maple Avenue', line2: 'Apt 3B', city: 'Arlington', state: 'VA', zip: '22201' },
        has_dependents: false,
      }),
    );
    s.at(day(12, '18:34'), 'fills in income', () =>
      casey.answer(t, 'investment', {
        has_w2: true,
        w2_jobs: [
          { id: 'job-1', employer: 'Northwind Traders Inc.', state: 'VA', wages: 84_250, federal_withholding: 11_630 },
        ],
        has_interest: false,
        has_dividends: false,
        has_brokerage: false,
        has_crypto: false,
        has_rental: false,
        has_self_employment: false,
        has_retirement_distributions: false,
        has_other_income: false,
      }),
    );
    s.at(day(12, '18:40'), 'fills in deductions', () =>
      casey.answer(t, 'expense', {
        has_mortgage_interest: true,
        mortgage_interest_amount: 12_960.4,
        has_property_tax: false,
        has_charitable_gifts: true,
        charitable_amount: 1_450,
        has_medical: false,
        has_student_loan_interest: false,
        has_education: false,
        has_child_care: false,
        has_hsa: false,
        has_estimated_payments: false,
      }),
    );
    const atW2 = day(12, '18:50');
    s.at(atW2, 'uploads the W-2', async () =>
      casey.upload(
        t,
        'W-2',
        await pdf(
          `W2_Northwind_${year}.pdf`,
          {
            form: 'Form W-2',
            title: 'Wage and Tax Statement',
            corner: String(year),
            parties: [
              ['Employer', ['Northwind Traders Inc.', '500 Commerce Street', 'Arlington, VA 22202', 'EIN 91-0000000']],
              ['Employee', ['Casey Customer', '1420 Maple Avenue, Apt 3B', 'Arlington, VA 22201', 'SSN XXX-XX-2468']],
            ],
            boxes: [
              ['Wages, tips, other compensation', money(84_250)],
              ['Federal income tax withheld', money(11_630)],
              ['Social security wages', money(84_250)],
              ['Social security tax withheld', money(5_223.5)],
              ['Medicare wages and tips', money(84_250)],
              ['Medicare tax withheld', money(1_221.63)],
              ['State wages (VA)', money(84_250)],
              ['State income tax (VA)', money(3_900)],
            ],
          },
          atW2,
        )(),
        { fulfils: 'W-2' },
      ),
    );
    const at1098 = day(12, '18:52');
    s.at(at1098, 'uploads the 1098', async () =>
      casey.upload(
        t,
        '1098 Mortgage Interest',
        await pdf(
          `1098 Lakeside ${year}.pdf`,
          {
            form: 'Form 1098',
            title: 'Mortgage Interest Statement',
            corner: String(year),
            parties: [
              ['Recipient / lender', ['Lakeside Savings Bank', '75 Harbor Plaza', 'Norfolk, VA 23510']],
              ['Payer / borrower', ['Casey Customer', '1420 Maple Avenue, Apt 3B', 'Arlington, VA 22201']],
            ],
            boxes: [
              ['Mortgage interest received', money(12_960.4)],
              ['Outstanding principal', money(398_200)],
              ['Mortgage origination date', '06/14/2021'],
              ['Points paid', money(0)],
            ],
          },
          at1098,
        )(),
        { fulfils: '1098 mortgage interest' },
      ),
    );
    s.at(day(12, '18:56'), 'uploads the donation receipt', async () =>
      casey.upload(
        t,
        'Receipts',
        {
          filename: 'IMG_4021.png',
          bytes: await receiptPng({
            header: ['ARLINGTON', 'FOOD BANK'],
            items: [
              [`DONATION 03/02/${String(year).slice(2)}`, '$250.00'],
              [`DONATION 12/14/${String(year).slice(2)}`, '$1,200.00'],
            ],
            total: ['TOTAL', '$1,450.00'],
            footer: ['THANK YOU FOR YOUR GIFT', 'NO GOODS OR SERVICES', 'WERE PROVIDED'],
          }),
        },
        { fulfils: 'Charitable receipts' },
      ),
    );
    s.at(day(12, '18:59'), 'says it is all there', () =>
      casey.say(
        t,
        "Everything's uploaded, I think. I also gave some cash at church during the year but I don't have receipts for that.",
      ),
    );
    s.at(day(11, '14:10'), 'the preparer takes it', () => prep.assign(t, prep));
    s.at(day(11, '14:11'), 'the preparer starts', () => prep.move(t, TAX_PREPARATION));
    s.at(day(11, '14:20'), 'the preparer notes', () =>
      prep.note(
        t,
        'Itemizing beats the standard deduction by about $2,560 (mortgage interest, state tax, gifts). Cash gifts without receipts stay out.',
      ),
    );
    s.at(day(11, '14:25'), 'the preparer writes', () =>
      prep.say(
        t,
        "Hi Casey, I'm preparing your return now. Cash gifts can only be deducted with a receipt or a bank record, so I've left those out. Everything else is complete, thank you!",
      ),
    );
    s.at(day(3, '17:40'), 'the preparer files it in', () => prep.move(t, FILING));
    const atDraft = day(1, '15:30');
    s.at(atDraft, 'the preparer uploads the draft', async () =>
      prep.uploadDraft(
        t,
        await pdf(
          `1040 draft v1 ${year}.pdf`,
          {
            form: 'Form 1040',
            title: `U.S. Individual Income Tax Return ${year}`,
            corner: String(year),
            parties: [['Taxpayer', ['Casey Customer', 'Filing status: Single', 'SSN XXX-XX-2468']]],
            boxes: [
              ['Wages (line 1z)', money(84_250)],
              ['Adjusted gross income (line 11)', money(84_250)],
              ['Itemized deductions, Schedule A (line 12)', money(18_310.4)],
              ['Taxable income (line 15)', money(65_939.6)],
              ['Total tax (line 24)', money(9_420.71)],
              ['Federal tax withheld (line 25a)', money(11_630)],
              ['Refund (line 34)', money(2_209.29)],
              ['Prepared by', 'Parker Preparer'],
            ],
            notes: ['Schedule A: mortgage interest 12,960.40; state income tax 3,900.00; gifts 1,450.00.'],
            stamp: 'DRAFT',
          },
          atDraft,
        )(),
        'Itemized; refund of $2,209.29.',
      ),
    );
    s.at(day(1, '15:33'), 'the preparer asks for a review', () =>
      prep.say(
        t,
        "Your draft return is ready: a refund of $2,209. Please look it over and approve it, or tell me what you'd like changed.",
      ),
    );
  }

  {
    const s = plan.story('Casey: planning consultation');
    const t = slot('casey-planning');
    s.at(day(8, '13:15'), 'opens the ticket', () => casey.openTicket(t, 'Tax Planning Consultation', year));
    s.at(day(8, '13:18'), 'asks', () =>
      casey.say(
        t,
        "I started freelancing on the side this year. Could we talk about estimated tax payments so there's no surprise next April?",
      ),
    );
    s.at(day(8, '15:00'), 'care assigns the preparer', () => care.assign(t, prep));
    s.at(day(8, '15:01'), 'care starts it', () => care.move(t, TAX_PREPARATION));
    s.at(day(5, '19:00'), 'the preparer sums up', () =>
      prep.say(
        t,
        'Thanks for the call earlier! In short: set aside about 30% of what you invoice and pay $1,150 a quarter through IRS Direct Pay, next one due January 15. The memo has the details.',
      ),
    );
    const atMemo = day(5, '19:05');
    s.at(atMemo, 'the preparer uploads the memo', async () =>
      prep.uploadDraft(
        t,
        await pdf(
          'Tax planning memo.pdf',
          {
            form: 'Tax Planning Memo',
            title: 'Estimated payments for side income',
            corner: String(year + 1),
            parties: [
              ['Prepared for', ['Casey Customer']],
              ['Prepared by', ['Parker Preparer']],
            ],
            boxes: [
              ['Expected freelance profit', money(18_000)],
              ['Self-employment tax (est.)', money(2_543)],
              ['Added income tax (est.)', money(2_060)],
              ['Quarterly payment', money(1_150)],
            ],
            notes: [
              'Due dates: April 15, June 15, September 15 and January 15.',
              'Keep receipts for business expenses; they lower the amounts above.',
            ],
          },
          atMemo,
        )(),
        'Planning memo after our call',
      ),
    );
    s.at(day(4, '12:15'), 'reads her notifications', () => casey.readNotifications());
    s.at(day(4, '12:20'), 'approves the memo', () => casey.approveDraft(t));
    s.at(day(2, '15:08'), 'care takes over billing', () => care.assign(t, care));
    s.at(day(2, '15:10'), 'care gets the invoice ready', () => care.move(t, READY_FOR_INVOICE));
    s.at(day(2, '15:12'), 'care issues the invoice', () => care.invoice(t));
  }

  {
    const s = plan.story('Casey: IRS notice');
    const t = slot('casey-notice');
    s.at(day(1, '13:30'), 'opens the ticket', () => casey.openTicket(t, 'IRS Notice Response', prior));
    s.at(day(1, '13:34'), 'explains', () =>
      casey.say(
        t,
        `I got a CP2000 letter from the IRS saying I didn't report a stock sale in ${prior}. I sold some shares through my old brokerage account but I'm pretty sure it was a loss. What should I do?`,
      ),
    );
    s.at(day(1, '16:05'), 'the preparer takes it', () => prep.assign(t, prep));
    s.at(day(1, '16:10'), 'the preparer asks for documents', () =>
      prep.askFor(t, {
        checklist: ['1099_b'],
        custom: ['Copy of the CP2000 notice (all pages)'],
        note: 'We have 30 days from the date on the notice to respond, so please upload these this week.',
      }),
    );
    s.at(day(1, '16:11'), 'the preparer waits for them', () =>
      prep.move(t, MORE_INFO, 'Waiting on the notice and the 1099-B'),
    );
    s.at(day(1, '16:15'), 'the preparer reassures her', () =>
      prep.say(
        t,
        "Don't worry, this is common: the brokerage reported the sale price but the IRS doesn't know what you paid for the shares, so it looks like pure income. Upload the notice and the 1099-B and I'll draft the response.",
      ),
    );
  }
}
