/** The 'Descuentos' panel of the 'Carta' tab: the brand's discounts on plates. */
import type { MoneyCountry } from '@comanda/domain/money';
import type { Menu, MenuDiscount, MenuDiscountType, WeekDay } from '../api/menu-api';
import { discountLocalErrors } from '../lib/menu-draft';
import { ConflictNotice, ErrorSummary, FieldError, MoneyInput, SaveBar } from './edit-parts';
import { usePartEditor } from './use-part-editor';

const TYPES: Record<MenuDiscountType, string> = {
  PERCENT: 'Porcentaje',
  FIXED: 'Monto fijo',
  MULTIPLE: 'Lleve N, pague M',
  FINAL_PRICE: 'Precio final',
};
const DAYS: [WeekDay, string][] = [
  ['MONDAY', 'Lun'],
  ['TUESDAY', 'Mar'],
  ['WEDNESDAY', 'Mié'],
  ['THURSDAY', 'Jue'],
  ['FRIDAY', 'Vie'],
  ['SATURDAY', 'Sáb'],
  ['SUNDAY', 'Dom'],
];
const SHOWN = /^\[\d+\]\.(plates|percentage|fixedDiscount|finalPrice|buy|pay)$/;

/** Only the fields of its type: the format refuses none, but a stray one would confuse the next reader. */
function ofType(discount: MenuDiscount, type: MenuDiscountType): MenuDiscount {
  const base: MenuDiscount = {
    type,
    plates: discount.plates,
    ...(discount.validDays ? { validDays: discount.validDays } : {}),
  };
  if (type === 'PERCENT') return { ...base, percentage: discount.percentage ?? 10 };
  if (type === 'FIXED') return { ...base, fixedDiscount: discount.fixedDiscount ?? '' };
  if (type === 'FINAL_PRICE') return { ...base, finalPrice: discount.finalPrice ?? '' };
  return { ...base, buy: discount.buy ?? 2, pay: discount.pay ?? 1 };
}

export function DiscountsPanel({
  token,
  brandId,
  country,
  plates,
  onFailure,
}: {
  token: string;
  brandId: number;
  country: MoneyCountry;
  /** The brand's plates (of every menu) a discount may name. */
  plates: Menu['categories'][number]['plates'];
  onFailure: (error: unknown) => void;
}) {
  const editor = usePartEditor<MenuDiscount[]>(
    token,
    'discounts',
    brandId,
    undefined,
    discountLocalErrors,
    onFailure,
  );
  const { draft, setDraft, errors } = editor;
  if (!draft) return <p className="muted">Cargando los descuentos…</p>;
  const update = (d: number, next: MenuDiscount) =>
    setDraft((list) => list.map((item, i) => (i === d ? next : item)));
  const number = (d: number, field: 'percentage' | 'buy' | 'pay', label: string) => (
    <div className="console-field menu-edit__narrow">
      <label htmlFor={`discount-${d}-${field}`}>{label}</label>
      <input
        id={`discount-${d}-${field}`}
        type="number"
        min={0}
        inputMode="decimal"
        value={draft[d]?.[field] ?? ''}
        aria-invalid={errors[`[${d}].${field}`] ? true : undefined}
        onChange={(event) =>
          update(d, { ...(draft[d] as MenuDiscount), [field]: Number(event.target.value) || 0 })
        }
      />
      <FieldError id={`discount-${d}-${field}-error`} message={errors[`[${d}].${field}`]} />
    </div>
  );

  return (
    <div className="menu-edit">
      <ConflictNotice editor={editor} what="los descuentos" it="los" />
      <ErrorSummary messages={Object.entries(errors).filter(([path]) => !SHOWN.test(path))} />
      {draft.length === 0 ? <p className="muted">La marca no tiene descuentos en la carta.</p> : null}
      {draft.map((discount, d) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: discounts have no key of their own in the tenant format
        <section key={d} className="menu-edit__card" aria-label={`Descuento ${d + 1}`}>
          <div className="menu-edit__row">
            <div className="console-field menu-edit__narrow">
              <label htmlFor={`discount-${d}-type`}>Tipo</label>
              <select
                id={`discount-${d}-type`}
                value={discount.type}
                onChange={(event) => update(d, ofType(discount, event.target.value as MenuDiscountType))}
              >
                {Object.entries(TYPES).map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {discount.type === 'PERCENT' ? number(d, 'percentage', 'Porcentaje (%)') : null}
            {discount.type === 'MULTIPLE' ? (
              <>
                {number(d, 'buy', 'Lleva')}
                {number(d, 'pay', 'Paga')}
              </>
            ) : null}
            {discount.type === 'FIXED' || discount.type === 'FINAL_PRICE' ? (
              <MoneyInput
                id={`discount-${d}-money`}
                label={discount.type === 'FIXED' ? 'Descuento' : 'Precio final'}
                value={discount.type === 'FIXED' ? discount.fixedDiscount : discount.finalPrice}
                country={country}
                error={errors[`[${d}].${discount.type === 'FIXED' ? 'fixedDiscount' : 'finalPrice'}`]}
                onChange={(value) =>
                  update(d, {
                    ...discount,
                    [discount.type === 'FIXED' ? 'fixedDiscount' : 'finalPrice']: value,
                  })
                }
              />
            ) : null}
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                if (window.confirm('¿Quitar este descuento?'))
                  setDraft((list) => list.filter((_, i) => i !== d));
              }}
            >
              Quitar descuento
            </button>
          </div>
          <fieldset className="menu-edit__group">
            <legend>Platos</legend>
            <div className="menu-edit__choices menu-edit__choices--scroll">
              {plates.map((plate) => (
                <label key={plate.key}>
                  <input
                    type="checkbox"
                    checked={discount.plates.includes(plate.key)}
                    onChange={(event) => {
                      const rest = discount.plates.filter((key) => key !== plate.key);
                      update(d, { ...discount, plates: event.target.checked ? [...rest, plate.key] : rest });
                    }}
                  />{' '}
                  {plate.showName}
                </label>
              ))}
            </div>
            <FieldError id={`discount-${d}-plates-error`} message={errors[`[${d}].plates`]} />
          </fieldset>
          <fieldset className="menu-edit__group">
            <legend>Días (ninguno: todos los días)</legend>
            <div className="menu-edit__choices">
              {DAYS.map(([day, label]) => (
                <label key={day}>
                  <input
                    type="checkbox"
                    checked={discount.validDays?.includes(day) ?? false}
                    onChange={(event) => {
                      const rest = (discount.validDays ?? []).filter((item) => item !== day);
                      const days = event.target.checked ? [...rest, day] : rest;
                      const { validDays, ...others } = discount;
                      update(d, days.length ? { ...others, validDays: days } : others);
                    }}
                  />{' '}
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </section>
      ))}
      <button
        type="button"
        className="button button--bordered"
        onClick={() => setDraft((list) => [...list, { type: 'PERCENT', percentage: 10, plates: [] }])}
      >
        Agregar descuento
      </button>
      <SaveBar editor={editor} what="Los descuentos" />
    </div>
  );
}
