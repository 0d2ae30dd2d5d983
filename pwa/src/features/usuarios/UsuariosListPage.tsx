/**
 * 'Lista de Usuarios' (/dashboard/users), spec 000 sections 2, 4, 5, 6, 8 and 9: admins only;
 * the dark header with the title, view and delete (disabled until a row is selected; pressed
 * anyway they say 'Por favor, selecciona un usuario primero.') and 'NUEVO USUARIO'; the search
 * over name, e-mail, position, phone and role; admins first, then by first name; a click (or
 * the arrows) selects a row, whose details are kept for the detail screen. Search and selection
 * live in the URL; 'Exportar CSV' saves the rows shown.
 */
import { Alert, Button, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useId, useState, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { listUsuarios, type UsuarioPublico } from '../../../../couch-design/usuario';
import { ExportCsvButton, ListCount, ListSearch, ListShell, useList, useListDelete } from '../../components/list';
import { paths } from '../../lib/paths';
import { AdminOnly } from './access';
import { usuariosResource } from './data/resources';
import { forgetUsuario, rememberUsuario } from './data/selected';
import { deleteUsuario } from './data/writes';
import { USUARIO_COLUMNS, USUARIOS_CSV } from './list/columns';
import { AYUDA_TECLADO, BTN_ACEPTAR, BTN_ELIMINAR, BTN_NUEVO, BTN_VER, BUSCAR, CONFIRM_ELIMINAR, ELIMINADO_OK, ERROR_CARGAR_LISTA, ERROR_DESCONOCIDO, ERROR_ELIMINAR, mostrando, SELECCIONA_PRIMERO, SIN_RESULTADOS, TABLA_USUARIOS, TITLE_LISTA } from './texts';
import './usuarios.css';

export default function UsuariosListPage(): JSX.Element {
  return (
    <AdminOnly>
      <UsuariosList />
    </AdminOnly>
  );
}

const deleteError = (err: unknown): string => ERROR_ELIMINAR + (err instanceof Error && err.message ? err.message : ERROR_DESCONOCIDO);

const userId = (u: UsuarioPublico): string => u._id;

function UsuariosList(): JSX.Element {
  const navigate = useNavigate();
  const list = useList(usuariosResource, { search: listUsuarios, rowKey: userId });
  const { all, current, q } = list;
  const [askSelection, setAskSelection] = useState(false);
  const questionId = useId();
  const deletion = useListDelete(list, {
    remove: (user) => deleteUsuario(user._id),
    removed: forgetUsuario,
    done: ELIMINADO_OK,
    failure: deleteError,
    logAs: 'No se pudo eliminar el usuario.',
  });

  const select = (id: string | null) => {
    list.setSelected(id);
    const user = all.find((u) => u._id === id);
    if (user) rememberUsuario(user);
    else forgetUsuario();
  };
  const view = (user: UsuarioPublico | null = current) => {
    if (!user) return setAskSelection(true);
    rememberUsuario(user);
    void navigate(paths.userProfile(user._id));
  };
  const askDelete = () => (current ? deletion.ask(current) : setAskSelection(true));

  return (
    <ListShell
      list={list}
      header={
        <header className={`usuarios-header ${Classes.DARK}`}>
          <h1 className={`${Classes.HEADING} usuarios-header__title`}>{TITLE_LISTA}</h1>
          <div className="usuarios-header__actions">
            {/* Disabled until a row is selected, yet still answering a press with the reason. */}
            <Button icon="eye-open" size="large" aria-label={BTN_VER} title={BTN_VER} aria-disabled={!current} className={current ? undefined : Classes.DISABLED} onClick={() => view()} />
            <Button icon="trash" size="large" intent={Intent.DANGER} aria-label={BTN_ELIMINAR} title={BTN_ELIMINAR} aria-disabled={!current} className={current ? undefined : Classes.DISABLED} onClick={askDelete} />
            <Button icon="add" size="large" intent={Intent.PRIMARY} onClick={() => navigate(paths.newUser)}>
              {BTN_NUEVO}
            </Button>
          </div>
        </header>
      }
      tools={
        <>
          <div className="usuarios-toolbar">
            <ListSearch value={q} onChange={list.setSearch} placeholder={BUSCAR} />
            <ExportCsvButton list={list} csv={USUARIOS_CSV} />
          </div>
          <ListCount list={list} text={mostrando} className="usuarios-count" testId="usuarios-count">
            <span className="usuarios-count__hint">{AYUDA_TECLADO}</span>
          </ListCount>
        </>
      }
      deletion={deletion}
      deleteQuestion={{ question: CONFIRM_ELIMINAR, detail: (u) => u.email }}
      loadError={ERROR_CARGAR_LISTA}
      logAs="No se pudieron cargar los usuarios."
      noMatch={SIN_RESULTADOS}
      empty={<NonIdealState icon="people" title={SIN_RESULTADOS} />}
      table={{ label: TABLA_USUARIOS, columns: USUARIO_COLUMNS, onSelect: select, onOpen: (u) => view(u), rowTestId: 'usuario-row' }}
    >
      <Alert aria-labelledby={questionId} isOpen={askSelection} icon="info-sign" confirmButtonText={BTN_ACEPTAR} canEscapeKeyCancel canOutsideClickCancel onClose={() => setAskSelection(false)}>
        <p id={questionId}>{SELECCIONA_PRIMERO}</p>
      </Alert>
    </ListShell>
  );
}
