/**
 * SVG paths of the icons the app uses, one module per icon and size, so the bundle carries
 * these and nothing else (docs/architecture.md section 10: never the paths barrel). Loaded lazily by
 * ./icons on the first icon drawn. To use a new icon, add its two imports and its entry.
 */
import type { IconName } from '@blueprintjs/icons';
import add16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import add20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add';
import arrowLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left';
import arrowLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-left';
import arrowRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right';
import arrowRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-right';
import arrowUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-up';
import arrowUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-up';
import bankAccount16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/bank-account';
import bankAccount20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/bank-account';
import book16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/book';
import book20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/book';
import briefcase16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/briefcase';
import briefcase20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/briefcase';
import build16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/build';
import build20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/build';
import calendar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import calendar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import camera16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/camera';
import camera20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/camera';
import caretDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import caretDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import chevronDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import chevronDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
import chevronLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import chevronRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import chevronRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import chevronUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import chevronUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import clipboard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/clipboard';
import clipboard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/clipboard';
import cloud16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cloud';
import cloud20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud';
import cloudDownload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cloud-download';
import cloudDownload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud-download';
import cloudUpload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cloud-upload';
import cloudUpload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cloud-upload';
import code16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/code';
import code20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/code';
import cog16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import cog20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog';
import confirm16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/confirm';
import confirm20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/confirm';
import creditCard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/credit-card';
import creditCard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/credit-card';
import cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import dashboard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import dashboard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import database16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/database';
import database20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/database';
import disable16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable';
import disable20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import document16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import document20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import documentOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/document-open';
import documentOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/document-open';
import dollar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dollar';
import dollar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dollar';
import download16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import download20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/download';
import duplicate16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import duplicate20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import edit16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import edit20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import exchange16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/exchange';
import exchange20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/exchange';
import export16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/export';
import export20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/export';
import eyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import eyeOff20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import eyeOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import eyeOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import filter16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/filter';
import filter20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/filter';
import floppyDisk16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import floppyDisk20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import folderOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/folder-open';
import folderOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/folder-open';
import fullCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/full-circle';
import fullCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/full-circle';
import geolocation16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/geolocation';
import geolocation20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/geolocation';
import gitMerge16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/git-merge';
import gitMerge20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/git-merge';
import gitRepo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/git-repo';
import gitRepo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/git-repo';
import gridView16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/grid-view';
import gridView20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/grid-view';
import help16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/help';
import help20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/help';
import history16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import history20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import home16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import home20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import idNumber16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/id-number';
import idNumber20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/id-number';
import import16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/import';
import import20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/import';
import inbox16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/inbox';
import inbox20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import infoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import infoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import issue16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/issue';
import issue20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/issue';
import key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import link16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import link20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/link';
import list16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/list';
import list20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/list';
import lock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import lock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import logIn16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-in';
import logIn20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-in';
import logOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import logOut20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import manual16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import manual20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/manual';
import mapMarker16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/map-marker';
import mapMarker20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/map-marker';
import menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import mobilePhone16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/mobile-phone';
import mobilePhone20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/mobile-phone';
import more16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
import more20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/more';
import newPerson16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person';
import newPerson20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/new-person';
import notifications16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import notifications20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import office16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/office';
import office20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/office';
import offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import outdated16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/outdated';
import outdated20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/outdated';
import paperclip16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/paperclip';
import paperclip20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/paperclip';
import people16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import people20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import person16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import person20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import phone16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/phone';
import phone20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/phone';
import plus16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus';
import plus20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/plus';
import print16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/print';
import print20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/print';
import projects16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/projects';
import projects20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/projects';
import pulse16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/pulse';
import pulse20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/pulse';
import refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import refresh20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import reset16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset';
import reset20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/reset';
import saved16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/saved';
import saved20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/saved';
import search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import shop16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shop';
import shop20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shop';
import shoppingCart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import shoppingCart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shopping-cart';
import smallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import smallCross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import smallTick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-tick';
import smallTick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-tick';
import sortAsc16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort-asc';
import sortAsc20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/sort-asc';
import sortDesc16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/sort-desc';
import sortDesc20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/sort-desc';
import star16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/star';
import star20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/star';
import tag16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import tag20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tag';
import th16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import th20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import tick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import tickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import tickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import time16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import time20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/time';
import timelineEvents16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-events';
import timelineEvents20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/timeline-events';
import trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import trash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import undo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import undo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/undo';
import unlink16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/unlink';
import unlink20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/unlink';
import unlock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/unlock';
import unlock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/unlock';
import updated16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/updated';
import updated20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/updated';
import upload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import upload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/upload';
import user16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import user20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';
import warningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import warningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';

/** [16px paths, 20px paths] */
export const ICON_PATHS: Partial<Record<IconName, readonly [string[], string[]]>> = {
  add: [add16, add20],
  'arrow-left': [arrowLeft16, arrowLeft20],
  'arrow-right': [arrowRight16, arrowRight20],
  'arrow-up': [arrowUp16, arrowUp20],
  'bank-account': [bankAccount16, bankAccount20],
  book: [book16, book20],
  briefcase: [briefcase16, briefcase20],
  build: [build16, build20],
  calendar: [calendar16, calendar20],
  camera: [camera16, camera20],
  'caret-down': [caretDown16, caretDown20],
  'chevron-down': [chevronDown16, chevronDown20],
  'chevron-left': [chevronLeft16, chevronLeft20],
  'chevron-right': [chevronRight16, chevronRight20],
  'chevron-up': [chevronUp16, chevronUp20],
  clipboard: [clipboard16, clipboard20],
  cloud: [cloud16, cloud20],
  'cloud-download': [cloudDownload16, cloudDownload20],
  'cloud-upload': [cloudUpload16, cloudUpload20],
  code: [code16, code20],
  cog: [cog16, cog20],
  confirm: [confirm16, confirm20],
  'credit-card': [creditCard16, creditCard20],
  cross: [cross16, cross20],
  dashboard: [dashboard16, dashboard20],
  database: [database16, database20],
  disable: [disable16, disable20],
  document: [document16, document20],
  'document-open': [documentOpen16, documentOpen20],
  dollar: [dollar16, dollar20],
  download: [download16, download20],
  duplicate: [duplicate16, duplicate20],
  edit: [edit16, edit20],
  envelope: [envelope16, envelope20],
  error: [error16, error20],
  exchange: [exchange16, exchange20],
  export: [export16, export20],
  'eye-off': [eyeOff16, eyeOff20],
  'eye-open': [eyeOpen16, eyeOpen20],
  filter: [filter16, filter20],
  'floppy-disk': [floppyDisk16, floppyDisk20],
  'folder-open': [folderOpen16, folderOpen20],
  'full-circle': [fullCircle16, fullCircle20],
  geolocation: [geolocation16, geolocation20],
  'git-merge': [gitMerge16, gitMerge20],
  'git-repo': [gitRepo16, gitRepo20],
  'grid-view': [gridView16, gridView20],
  help: [help16, help20],
  history: [history16, history20],
  home: [home16, home20],
  'id-number': [idNumber16, idNumber20],
  import: [import16, import20],
  inbox: [inbox16, inbox20],
  'info-sign': [infoSign16, infoSign20],
  issue: [issue16, issue20],
  key: [key16, key20],
  link: [link16, link20],
  list: [list16, list20],
  lock: [lock16, lock20],
  'log-in': [logIn16, logIn20],
  'log-out': [logOut16, logOut20],
  manual: [manual16, manual20],
  'map-marker': [mapMarker16, mapMarker20],
  menu: [menu16, menu20],
  'mobile-phone': [mobilePhone16, mobilePhone20],
  more: [more16, more20],
  'new-person': [newPerson16, newPerson20],
  notifications: [notifications16, notifications20],
  office: [office16, office20],
  offline: [offline16, offline20],
  outdated: [outdated16, outdated20],
  paperclip: [paperclip16, paperclip20],
  people: [people16, people20],
  person: [person16, person20],
  phone: [phone16, phone20],
  plus: [plus16, plus20],
  print: [print16, print20],
  projects: [projects16, projects20],
  pulse: [pulse16, pulse20],
  refresh: [refresh16, refresh20],
  reset: [reset16, reset20],
  saved: [saved16, saved20],
  search: [search16, search20],
  shop: [shop16, shop20],
  'shopping-cart': [shoppingCart16, shoppingCart20],
  'small-cross': [smallCross16, smallCross20],
  'small-tick': [smallTick16, smallTick20],
  'sort-asc': [sortAsc16, sortAsc20],
  'sort-desc': [sortDesc16, sortDesc20],
  star: [star16, star20],
  tag: [tag16, tag20],
  th: [th16, th20],
  tick: [tick16, tick20],
  'tick-circle': [tickCircle16, tickCircle20],
  time: [time16, time20],
  'timeline-events': [timelineEvents16, timelineEvents20],
  trash: [trash16, trash20],
  undo: [undo16, undo20],
  unlink: [unlink16, unlink20],
  unlock: [unlock16, unlock20],
  updated: [updated16, updated20],
  upload: [upload16, upload20],
  user: [user16, user20],
  'warning-sign': [warningSign16, warningSign20],
};
