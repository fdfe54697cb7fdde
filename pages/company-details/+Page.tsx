import { useData } from 'vike-react/useData';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { CompanyPicture } from '../../islands/discovery/CompanyCard.tsx';
import { FavoriteButton } from '../../islands/discovery/FavoriteButton.tsx';
import { Island } from '../../islands/Island.tsx';
import { Toaster } from '../../islands/ui/Toast.tsx';
import type { Data } from './+data.ts';
import { Identity, Jobs, News, Offers, Presentation } from './CompanySections.tsx';
import { Contact, NextSlot, SlotCount, SlotFiltersForm, SlotList, SlotListFooter } from './Slots.tsx';
import { slotHref } from './slot-filters.ts';
import { VisitDocuments } from './VisitDocuments.tsx';
import { WeekView } from './WeekView.tsx';

export default function Page() {
  const {
    company,
    jobs,
    jobOffers,
    news,
    slots,
    slotList,
    week,
    actions,
    visitDocuments,
    waitlist,
    groups,
    booking,
    waitlistPlain,
    listPath,
  } = useData<Data>();
  const slotUrl = (slotId: number) =>
    slotHref(company.id, 'items' in slots ? slots.items : [], slotList, slotId);
  return (
    <div className="page flex flex-col gap-6 sm:gap-8">
      <header className="grid items-center gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="aspect-[8/3] overflow-hidden rounded-2xl bg-grey-light shadow-sm md:aspect-[8/5]">
          <CompanyPicture company={company} eager />
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-sm font-bold tracking-wide text-purple uppercase">
            {SECTOR_LABELS[company.sector]}
          </p>
          <div className="flex items-start justify-between gap-4">
            <h1>{company.name}</h1>
            {actions.favorite !== null && (
              <div className="flex items-center gap-3">
                <Island
                  name="FavoriteButton"
                  component={FavoriteButton}
                  props={{
                    companyId: String(company.id),
                    companyName: company.name,
                    starred: actions.favorite,
                  }}
                />
                <Island name="Toaster" component={Toaster} props={{}} />
              </div>
            )}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 md:flex-col md:items-start">
            {company.city && <p className="text-lg text-grey-text">{company.city}</p>}
            <NextSlot slots={slots} slotUrl={slotUrl} />
          </div>
        </div>
      </header>
      <section aria-labelledby="creneaux" className="flex flex-col gap-4">
        <h2 id="creneaux">Créneaux</h2>
        {'items' in slots ? (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex flex-col gap-4">
              {slotList && slotList.total > 0 && <SlotFiltersForm companyId={company.id} list={slotList} />}
              <SlotList
                items={slotList?.items ?? slots.items}
                audience={slots.audience}
                companyName={company.name}
                pageUrl={listPath}
                waitlist={waitlist}
                groups={groups}
                booking={booking}
                waitlistPlain={waitlistPlain}
                filtered={slotList !== null && slotList.matching < slotList.total}
              />
              {slotList && slotList.total > 0 && <SlotListFooter companyId={company.id} list={slotList} />}
            </div>
            <div className="lg:sticky lg:top-24">
              <WeekView
                items={slots.items}
                monday={week}
                weekUrl={(monday) => `${ROUTES.companyDetails}?id=${company.id}&semaine=${monday}#semaine`}
                slotUrl={slotUrl}
              />
            </div>
          </div>
        ) : (
          <SlotCount count={slots.count} companyId={company.id} visitor={slots.audience === 'visitor'} />
        )}
        <Contact company={company} contact={actions.contact} />
      </section>
      {/* After the slots: a teacher comes to book, and on a phone the first slot is on the first screen. */}
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Presentation company={company} />
        <Identity company={company} />
      </div>
      <VisitDocuments documents={visitDocuments} />
      <Jobs jobs={jobs} />
      <Offers offers={jobOffers} />
      <News news={news} />
    </div>
  );
}
