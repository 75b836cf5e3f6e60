import type { Customer } from '@qiming/shared';
import { use } from 'react';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';

export default function CustomersPage() {
  const customers = use(loadPublic<Customer[]>('customers'));
  const categories = [...new Set(customers.map((customer) => customer.category))];
  return (
    <>
      <PageHeading path="/customers" lead="服务两百余个区县教育局与三千余所学校" />
      {customers.length === 0 && <EmptyNotice />}
      {categories.map((category) => (
        <section key={category} className={styles.section} aria-label={category}>
          <h2>{category}</h2>
          <ul className={styles.cards}>
            {customers
              .filter((customer) => customer.category === category)
              .map((customer) => (
                <li key={customer.id} className={styles.card}>
                  {customer.logo && (
                    <img
                      className={styles.customerLogo}
                      src={customer.logo}
                      alt=""
                      width={240}
                      height={72}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <h3>{customer.name}</h3>
                  <p>{customer.region}</p>
                  <p>{customer.description}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
