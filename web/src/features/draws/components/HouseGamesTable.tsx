import type { HouseGameSummary } from '@shared/api/schemas/dashboards';
import { StaffTable } from '@web/components/staff/StaffTable';
import { formatGmtDate } from '@web/lib/dates';

const COLUMNS = ['Game', "Tonight's Entries", 'Next Draw', 'Draw'];

/**
 * The house games on the Draw tab (DESIGN section 4): the open window's paid entries
 * and the next scheduled draw, GMT. The scheduler draws them at their draw time, so they have no
 * Conduct or Clear buttons.
 */
export function HouseGamesTable({ games }: { games: HouseGameSummary[] }) {
  return (
    <StaffTable
      caption="House games with tonight's entries and the next draw time"
      columns={COLUMNS}
      className="draw-table house-games"
    >
      <tbody>
        {games.map((game) => (
          <tr key={game.Game} data-house-game={game.Game}>
            <th scope="row">{game.Title}</th>
            <td>
              <span className="draw-table__count" data-testid="house-entries">
                {game.WindowEntries}
              </span>
            </td>
            <td data-testid="house-next-draw">
              {formatGmtDate(game.NextDrawAt)} {game.DrawTime} GMT
            </td>
            <td>Drawn automatically at {game.DrawTime} GMT</td>
          </tr>
        ))}
      </tbody>
    </StaffTable>
  );
}
