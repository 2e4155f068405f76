/** The plate editor of the 'Carta' tab: everything a plate is, as the diner will see it. */

import { INDICATORS } from '@comanda/domain/indicators';
import { menuKeyFromName } from '@comanda/domain/menu-key';
import type { MoneyCountry } from '@comanda/domain/money';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type GarnishGroup, menuImageUpload, type Plate } from '../api/menu-api';
import type { FieldErrors } from '../lib/menu-draft';
import { FieldError, MoneyInput } from './edit-parts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_BYTES_MAX = 2 * 1024 * 1024;

export interface PlateEditorProps {
  token: string;
  plate: Plate;
  country: MoneyCountry;
  groups: GarnishGroup[];
  errors: FieldErrors;
  remarked: boolean;
  upselled: boolean;
  onChange: (plate: Plate) => void;
  onFlag: (list: 'remarkeds' | 'upselleds', on: boolean) => void;
}

export function PlateEditor({
  token,
  plate,
  country,
  groups,
  errors,
  remarked,
  upselled,
  onChange,
  onFlag,
}: PlateEditorProps) {
  const id = (field: string) => `plate-${plate.key}-${field}`;
  const set = (patch: Partial<Plate>) => onChange({ ...plate, ...patch });
  const withSizes = plate.sizes !== undefined;
  const [upload, setUpload] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });

  const imageChosen = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setUpload({ busy: false, message: 'La imagen debe ser JPEG, PNG o WebP.' });
      return;
    }
    if (file.size > IMAGE_BYTES_MAX) {
      setUpload({ busy: false, message: 'La imagen pesa más de 2 MB: achíquela antes de subirla.' });
      return;
    }
    setUpload({ busy: true, message: 'Subiendo imagen…' });
    menuImageUpload(token, file).then(
      ({ url }) => {
        set({ imageUrl: url });
        setUpload({ busy: false, message: 'Imagen subida. Se publica al guardar los cambios.' });
      },
      (error: unknown) =>
        setUpload({
          busy: false,
          message:
            error instanceof ApiError ? error.message : 'No se pudo subir la imagen. Intente de nuevo.',
        }),
    );
  };

  const priceMode = (sizes: boolean) => {
    if (sizes === withSizes) return;
    if (sizes) {
      const { price, ...rest } = plate;
      onChange({ ...rest, sizes: [{ key: 'unico', name: 'Único', price: price ?? '' }] });
    } else {
      const { sizes: list, ...rest } = plate;
      onChange({ ...rest, price: list?.[0]?.price ?? '' });
    }
  };

  return (
    <section className="menu-edit__plate" aria-labelledby={id('title')}>
      <h3 id={id('title')}>Editar plato: {plate.showName || 'sin nombre'}</h3>
      {errors[''] ? (
        <p className="console-error" role="alert">
          {errors['']}
        </p>
      ) : null}
      <div className="console-field">
        <label htmlFor={id('name')}>Nombre</label>
        <input
          id={id('name')}
          value={plate.showName}
          aria-invalid={errors.showName ? true : undefined}
          aria-describedby={errors.showName ? id('name-error') : undefined}
          onChange={(event) => set({ showName: event.target.value })}
        />
        <FieldError id={id('name-error')} message={errors.showName} />
      </div>
      <div className="console-field">
        <label htmlFor={id('description')}>Descripción</label>
        <textarea
          id={id('description')}
          rows={2}
          value={plate.description ?? ''}
          onChange={(event) => {
            const { description, ...rest } = plate;
            onChange(event.target.value ? { ...rest, description: event.target.value } : rest);
          }}
        />
        <FieldError id={id('description-error')} message={errors.description} />
      </div>

      <fieldset className="menu-edit__group">
        <legend>Precio</legend>
        <div className="menu-edit__choices">
          <label>
            <input type="radio" name={id('mode')} checked={!withSizes} onChange={() => priceMode(false)} />{' '}
            Precio único
          </label>
          <label>
            <input type="radio" name={id('mode')} checked={withSizes} onChange={() => priceMode(true)} /> Por
            tamaños
          </label>
        </div>
        {withSizes ? (
          <>
            {(plate.sizes ?? []).map((size, s) => (
              <div key={size.key} className="menu-edit__row">
                <div className="console-field">
                  <label htmlFor={id(`size-${s}-name`)}>Tamaño</label>
                  <input
                    id={id(`size-${s}-name`)}
                    value={size.name}
                    aria-invalid={errors[`sizes[${s}].name`] ? true : undefined}
                    onChange={(event) =>
                      set({
                        sizes: plate.sizes?.map((item, i) =>
                          i === s ? { ...item, name: event.target.value } : item,
                        ),
                      })
                    }
                  />
                  <FieldError id={id(`size-${s}-name-error`)} message={errors[`sizes[${s}].name`]} />
                </div>
                <MoneyInput
                  id={id(`size-${s}-price`)}
                  label="Precio"
                  value={size.price}
                  country={country}
                  error={errors[`sizes[${s}].price`]}
                  onChange={(price) =>
                    set({ sizes: plate.sizes?.map((item, i) => (i === s ? { ...item, price } : item)) })
                  }
                />
                <button
                  type="button"
                  className="button button--bordered button--small"
                  aria-label={`Quitar el tamaño ${size.name || s + 1}`}
                  disabled={(plate.sizes?.length ?? 0) <= 1}
                  onClick={() => set({ sizes: plate.sizes?.filter((_, i) => i !== s) })}
                >
                  Quitar
                </button>
              </div>
            ))}
            <FieldError id={id('sizes-error')} message={errors.sizes} />
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                const taken = (plate.sizes ?? []).map((size) => size.key);
                const name = `Tamaño ${taken.length + 1}`;
                set({
                  sizes: [...(plate.sizes ?? []), { key: menuKeyFromName(name, taken), name, price: '' }],
                });
              }}
            >
              Agregar tamaño
            </button>
          </>
        ) : (
          <MoneyInput
            id={id('price')}
            label="Precio"
            value={plate.price}
            country={country}
            error={errors.price}
            onChange={(price) => set({ price })}
          />
        )}
      </fieldset>

      <fieldset className="menu-edit__group">
        <legend>Imagen</legend>
        <div className="menu-edit__image">
          {plate.imageUrl ? (
            <img src={plate.imageUrl} alt={`Imagen de ${plate.showName}`} width="160" height="120" />
          ) : (
            <span className="menu-edit__no-image muted">Sin imagen</span>
          )}
          <div>
            <label className="button button--bordered button--small menu-edit__file" htmlFor={id('image')}>
              {plate.imageUrl ? 'Cambiar imagen' : 'Subir imagen'}
            </label>
            <input
              id={id('image')}
              className="visually-hidden"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              disabled={upload.busy}
              onChange={(event) => {
                imageChosen(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {plate.imageUrl ? (
              <button
                type="button"
                className="button button--bordered button--small"
                onClick={() => {
                  const { imageUrl, ...rest } = plate;
                  onChange(rest);
                }}
              >
                Quitar imagen
              </button>
            ) : null}
            <p className="muted menu-edit__hint" role="status">
              {upload.message ?? 'JPEG, PNG o WebP, hasta 2 MB.'}
            </p>
            <FieldError id={id('image-error')} message={errors.imageUrl} />
          </div>
        </div>
      </fieldset>

      <fieldset className="menu-edit__group">
        <legend>En la carta</legend>
        <div className="menu-edit__choices">
          <label>
            <input
              type="checkbox"
              checked={remarked}
              onChange={(event) => onFlag('remarkeds', event.target.checked)}
            />{' '}
            Destacado
          </label>
          <label>
            <input
              type="checkbox"
              checked={upselled}
              onChange={(event) => onFlag('upselleds', event.target.checked)}
            />{' '}
            Sugerir en el carrito
          </label>
        </div>
        <p className="menu-edit__legend-sub">Indicadores</p>
        <div className="menu-edit__choices">
          {INDICATORS.map((indicator) => (
            <label key={indicator.code}>
              <input
                type="checkbox"
                checked={plate.indicators?.includes(indicator.code) ?? false}
                onChange={(event) => {
                  const list = (plate.indicators ?? []).filter((code) => code !== indicator.code);
                  if (event.target.checked) list.push(indicator.code);
                  const { indicators, ...rest } = plate;
                  onChange(list.length ? { ...rest, indicators: list } : rest);
                }}
              />{' '}
              {indicator.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="menu-edit__group">
        <legend>Guarniciones</legend>
        {groups.length === 0 ? <p className="muted">La marca no tiene grupos de guarniciones.</p> : null}
        <div className="menu-edit__choices">
          {groups.map((group) => (
            <label key={group.key}>
              <input
                type="checkbox"
                checked={plate.garnishGroups?.includes(group.key) ?? false}
                onChange={(event) => {
                  const list = (plate.garnishGroups ?? []).filter((key) => key !== group.key);
                  if (event.target.checked) list.push(group.key);
                  const { garnishGroups, ...rest } = plate;
                  onChange(list.length ? { ...rest, garnishGroups: list } : rest);
                }}
              />{' '}
              {group.groupName}
            </label>
          ))}
        </div>
        {Object.entries(errors)
          .filter(([path]) => path.startsWith('garnishGroups'))
          .map(([path, message]) => (
            <p key={path} className="console-error">
              {message}
            </p>
          ))}
      </fieldset>

      <div className="console-field menu-edit__narrow">
        <label htmlFor={id('max')}>Cantidad máxima por pedido (vacío: sin límite)</label>
        <input
          id={id('max')}
          type="number"
          min={1}
          inputMode="numeric"
          value={plate.maxQuantity ?? ''}
          onChange={(event) => {
            const { maxQuantity, ...rest } = plate;
            const value = Number.parseInt(event.target.value, 10);
            onChange(value >= 1 ? { ...rest, maxQuantity: value } : rest);
          }}
        />
        <FieldError id={id('max-error')} message={errors.maxQuantity} />
      </div>
    </section>
  );
}
