import { IonButton, IonCard, IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle, IonIcon } from '@ionic/react';
import { barChartOutline, listOutline } from 'ionicons/icons';
import { type ReactNode, useState } from 'react';

export interface TableData {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

interface Props {
  title: string;
  subtitle: string;
  table: TableData;
  /** The chart; its canvas carries role="img" and a one-sentence summary as its aria-label. */
  children: ReactNode;
  testId: string;
}

/** A chart with its "view as table" alternative: the same numbers, readable without the canvas. */
export function ChartCard({ title, subtitle, table, children, testId }: Props) {
  const [asTable, setAsTable] = useState(false);
  return (
    <IonCard className="chart-card" data-testid={testId}>
      <IonCardHeader>
        <div className="chart-card__head">
          <div>
            <IonCardTitle>
              <h2 className="chart-card__title">{title}</h2>
            </IonCardTitle>
            <IonCardSubtitle>{subtitle}</IonCardSubtitle>
          </div>
          {/* The label names what the button does; ion-button would not keep aria-expanded in step. */}
          <IonButton fill="outline" size="small" onClick={() => setAsTable((v) => !v)}>
            <IonIcon slot="start" icon={asTable ? barChartOutline : listOutline} aria-hidden="true" />
            {asTable ? 'View as chart' : 'View as table'}
          </IonButton>
        </div>
      </IonCardHeader>
      <IonCardContent>
        {asTable ? (
          // Focusable so keyboard users can scroll a long table.
          <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={`${title}, table`}>
            <table className="chart-table">
              <caption>{table.caption}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key={index} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={index}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="chart-canvas">{children}</div>
        )}
      </IonCardContent>
    </IonCard>
  );
}
