import { Link } from 'react-router';
import { branchLogoUrl } from '../../../lib/branch';
import { aliasPath } from '../../../lib/storefront-path';
import type { ApiBranch, ApiCompany } from '../../../types/api';

/** `/menu/{company}`: the company's brands as cards (ordering §2 "Company screen"). */
export function CompanyScreen({
  company,
  branches,
  search,
}: {
  company: ApiCompany;
  branches: ApiBranch[];
  search: string;
}) {
  return (
    <main className="page">
      <h1 className="brand-title">{company.name}</h1>
      <p className="muted">Elige dónde quieres pedir.</p>
      {branches.length === 0 ? (
        <p>Esta empresa todavía no tiene locales disponibles.</p>
      ) : (
        <ul className="card-list">
          {branches.map((branch) => {
            const logo = branchLogoUrl(branch);
            return (
              <li key={branch.id}>
                <Link className="card card--link entity-card" to={`${aliasPath(branch.alias)}${search}`}>
                  {logo ? (
                    <img
                      className="entity-card__logo"
                      src={logo}
                      alt=""
                      width="56"
                      height="56"
                      loading="lazy"
                    />
                  ) : (
                    <span className="entity-card__logo entity-card__logo--initial" aria-hidden="true">
                      {branch.name.slice(0, 1)}
                    </span>
                  )}
                  <span className="entity-card__text">
                    <span className="entity-card__name">{branch.name}</span>
                    {branch.customMessage ? (
                      <span className="entity-card__detail">{branch.customMessage}</span>
                    ) : null}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
